/** Example table for provisionalPolicy: what a cached policy may do before the live read. */
import { DEFAULT_SETTINGS, type Settings } from './settings';
import type { ManagedValues } from './managed';

export interface ProvisionalExample {
  name: string;
  cached: ManagedValues;
  user?: Partial<Settings>;
  /** What applies before the live read. */
  expected: ManagedValues;
}

export const PROVISIONAL_EXAMPLES: readonly ProvisionalExample[] = [
  { name: 'empty cache', cached: {}, expected: {} },
  { name: 'a forged service URL is ignored', cached: { serviceUrl: 'https://attacker.example' }, expected: {} },
  { name: 'a report URL is ignored', cached: { reportUrl: 'https://attacker.example/?u={url}' }, expected: {} },
  { name: 'an allowlist is ignored (it would stop checks)', cached: { allowlist: ['bank.example'] }, expected: {} },
  { name: 'a blocklist adds restrictions', cached: { blocklist: ['bad.example'] }, expected: { blocklist: ['bad.example'] } },
  { name: 'proceeding turned off applies', cached: { allowProceed: false }, expected: { allowProceed: false } },
  { name: 'proceeding turned on does not', cached: { allowProceed: true }, user: { allowProceed: false }, expected: {} },
  { name: 'pausing and own trusted sites turned off apply', cached: { allowPause: false, allowUserAllowlist: false }, expected: { allowPause: false, allowUserAllowlist: false } },
  { name: 'pausing turned on waits for the live read', cached: { allowPause: true }, expected: {} },
  { name: 'strict mode on applies, off does not', cached: { strictMode: true, strictFailMode: 'allow' }, expected: { strictMode: true } },
  { name: 'strict fail mode block applies', cached: { strictFailMode: 'block' }, expected: { strictFailMode: 'block' } },
  { name: 'audit-only (never block) waits for the live read', cached: { auditOnly: true }, expected: {} },
  { name: 'a lower block threshold applies', cached: { blockThreshold: 60 }, expected: { blockThreshold: 60 } },
  { name: 'a higher block threshold waits', cached: { blockThreshold: 90 }, expected: {} },
  { name: 'a higher minimum confidence to block (blocks less) waits', cached: { minBlockConfidence: 0.6 }, expected: {} },
  { name: 'a lower minimum confidence to block (blocks more) applies', cached: { minBlockConfidence: 0.5 }, user: { minBlockConfidence: 0.8 }, expected: { minBlockConfidence: 0.5 } },
  { name: 'a higher warn threshold waits', cached: { warnThreshold: 80 }, user: { warnThreshold: 40 }, expected: {} },
  { name: 'sending more (query strings, private hosts, private windows) waits', cached: { stripQuery: false, scanPrivateHosts: true, scanIncognito: true }, expected: {} },
  { name: 'sending less applies', cached: { stripQuery: true, scanPrivateHosts: false, scanIncognito: false }, expected: { stripQuery: true, scanPrivateHosts: false, scanIncognito: false } },
  { name: 'checks turned off wait, on apply', cached: { scanNavigations: false, scanHovers: true }, user: { scanHovers: false }, expected: { scanHovers: true } },
  { name: 'lockAll waits (it would lock the person out of fixing a forged value)', cached: { lockAll: true }, expected: {} },
];

export const userOf = (p: Partial<Settings> = {}): Settings => ({ ...structuredClone(DEFAULT_SETTINGS), ...p });
