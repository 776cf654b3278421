/** Unicode form of an IDN host for display beside the punycode (the page shows both). */
export { unicodeOf } from '@/src/shared/url/punycode';
