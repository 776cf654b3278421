/**
 * Message keys for the service's and the background's vocabularies (src/shared/message-keys.ts);
 * the locale convention test imports ALL_LABEL_KEYS and checks every key exists in every locale.
 */
import { ACTION_KEYS, BAND_KEYS, CATEGORY_KEYS, REASON_KEYS, SKIP_KEYS } from '@/src/shared/message-keys';

// The maps live in src/shared (the background's badge and notifications use them too).
export { ACTION_KEYS, BAND_KEYS, CATEGORY_KEYS, REASON_KEYS, SKIP_KEYS };

/** Every key these maps name (for the convention test). */
export const ALL_LABEL_KEYS = [SKIP_KEYS, ACTION_KEYS, BAND_KEYS, CATEGORY_KEYS, REASON_KEYS].flatMap((m) =>
  Object.values(m),
);
