/** Example table for keyForService / mayRebind. */
import type { KeyDecision, StoredKey } from './key-binding';

const OLD = 'https://scan.example.org';
const stored = (origin: string | null, key = 'sk_person'): StoredKey => ({ key, origin });

export interface KeyExample {
  name: string;
  serviceUrl: string;
  policy: { serviceUrl?: string; apiKey?: string };
  stored: StoredKey;
  expected: KeyDecision;
}

export const KEY_FOR_SERVICE_EXAMPLES: readonly KeyExample[] = [
  {
    name: 'the key entered for this service',
    serviceUrl: `${OLD}/api`,
    policy: {},
    stored: stored(OLD),
    expected: { apiKey: 'sk_person', source: 'person' },
  },
  {
    name: 'same origin, other path and trailing slash',
    serviceUrl: 'https://SCAN.example.org:443/v2/',
    policy: {},
    stored: stored(OLD),
    expected: { apiKey: 'sk_person', source: 'person' },
  },
  {
    name: 'a new origin needs the key again',
    serviceUrl: 'https://evil.example.net',
    policy: {},
    stored: stored(OLD),
    expected: { apiKey: '', source: 'none', why: 'other-origin', keyOrigin: OLD },
  },
  {
    name: 'another port is another origin',
    serviceUrl: 'http://127.0.0.1:9001',
    policy: {},
    stored: stored('http://127.0.0.1:9000'),
    expected: { apiKey: '', source: 'none', why: 'other-origin', keyOrigin: 'http://127.0.0.1:9000' },
  },
  {
    name: 'http and https are different origins',
    serviceUrl: 'http://scan.example.org',
    policy: {},
    stored: stored(OLD),
    expected: { apiKey: '', source: 'none', why: 'other-origin', keyOrigin: OLD },
  },
  {
    name: 'an unbound key (older build) is not used',
    serviceUrl: OLD,
    policy: {},
    stored: stored(null),
    expected: { apiKey: '', source: 'none', why: 'other-origin' },
  },
  {
    name: 'no key stored',
    serviceUrl: OLD,
    policy: {},
    stored: stored(OLD, ''),
    expected: { apiKey: '', source: 'none', why: 'no-key' },
  },
  {
    name: 'no service URL',
    serviceUrl: '',
    policy: {},
    stored: stored(OLD),
    expected: { apiKey: '', source: 'none', why: 'no-service-url' },
  },
  {
    name: 'not an http(s) URL',
    serviceUrl: 'ftp://scan.example.org',
    policy: {},
    stored: stored(OLD),
    expected: { apiKey: '', source: 'none', why: 'no-service-url' },
  },
  {
    name: 'policy key with the policy URL',
    serviceUrl: OLD,
    policy: { serviceUrl: OLD, apiKey: 'sk_org' },
    stored: stored(null, ''),
    expected: { apiKey: 'sk_org', source: 'policy' },
  },
  {
    name: 'policy key wins over the person’s for the policy URL',
    serviceUrl: OLD,
    policy: { serviceUrl: OLD, apiKey: 'sk_org' },
    stored: stored(OLD),
    expected: { apiKey: 'sk_org', source: 'policy' },
  },
  {
    name: 'policy key never goes to a typed URL (Test connection)',
    serviceUrl: 'https://evil.example.net',
    policy: { serviceUrl: OLD, apiKey: 'sk_org' },
    stored: stored(null, ''),
    expected: { apiKey: '', source: 'none', why: 'no-key' },
  },
  {
    name: 'policy key without a policy URL is used nowhere',
    serviceUrl: OLD,
    policy: { apiKey: 'sk_org' },
    stored: stored(OLD),
    expected: { apiKey: '', source: 'none', why: 'policy-key-without-url' },
  },
  {
    name: 'policy URL without a key: the person’s key for it',
    serviceUrl: OLD,
    policy: { serviceUrl: OLD },
    stored: stored(OLD),
    expected: { apiKey: 'sk_person', source: 'person' },
  },
];

export interface RebindExample {
  name: string;
  stored: StoredKey;
  confirm: { from: string; to: string };
  newServiceUrl: string;
  expected: boolean;
}

export const REBIND_EXAMPLES: readonly RebindExample[] = [
  {
    name: 'both origins named',
    stored: stored(OLD),
    confirm: { from: OLD, to: 'https://new.example.org' },
    newServiceUrl: 'https://new.example.org/api',
    expected: true,
  },
  {
    name: 'wrong "from"',
    stored: stored(OLD),
    confirm: { from: 'https://other.example', to: 'https://new.example.org' },
    newServiceUrl: 'https://new.example.org',
    expected: false,
  },
  {
    name: '"to" is not where the URL goes',
    stored: stored(OLD),
    confirm: { from: OLD, to: 'https://new.example.org' },
    newServiceUrl: 'https://evil.example.net',
    expected: false,
  },
  {
    name: 'no key to move',
    stored: stored(OLD, ''),
    confirm: { from: OLD, to: 'https://new.example.org' },
    newServiceUrl: 'https://new.example.org',
    expected: false,
  },
  {
    name: 'an unbound key cannot be confirmed away',
    stored: stored(null),
    confirm: { from: '', to: 'https://new.example.org' },
    newServiceUrl: 'https://new.example.org',
    expected: false,
  },
];
