/**
 * One-time move of what older builds kept in storage.local into the private store (db-backend.ts),
 * then deletion from storage.local, where Firefox content scripts could read and write it.
 *
 * Steps and their marker (META_KEY in the private store), so a worker dying at any point resumes
 * safely and the move happens once:
 *   absent   → copy each legacy record the private store does not hold yet → 'copied'
 *   'copied' → delete the legacy records from storage.local → 'done'
 *   'done'   → nothing: storage.local is never read again. A content script writing `settings`
 *              there afterwards changes nothing.
 *
 * What sits in storage.local may have been forged by a content script, so:
 * - `settings`: only what keeps protection at least as strong as a fresh install is moved; what
 *   would lower it or send URLs elsewhere (the service URL above all, allowlist entries, checks
 *   off) is kept aside under HELD_KEY, never applied (the options page offers it through the
 *   import review: settings.legacyHeld), and the API key is dropped
 *   (shared/policy/legacy-settings.ts says what goes where, and why).
 * - Not copied, deleted: `managedCache` and the cached verdicts (`v:` keys), only caches (the
 *   live policy read, a new check, replace them): a forged "safe" verdict would have been
 *   believed until it expired, at any date the forger chose; and `jobs`, pending checks: forged
 *   ones would spend the person's credits on URLs a page chose, past every budget, and act on
 *   the tabs they name. A page they were for is checked again when it is opened again.
 * Nothing is moved into a non-persistent store (IndexedDB unavailable): storage.local is then
 * left as it is, and the move happens on a later start that has IndexedDB.
 */
import type { DbBackend } from './db-backend';
import { legacySettingsMove } from '@/src/shared/policy/legacy-settings';

export const META_KEY = 'meta:migratedFromLocal';
/** Settings of an older build's record that would have lowered protection: kept, never applied. */
export const HELD_KEY = 'legacySettingsHeld';

/** Keys older builds wrote to storage.local that are moved (`settings` only in part). */
export const LEGACY_KEYS = ['settings', 'ledger', 'history', 'idForm'] as const;
const isLegacy = (k: string) => (LEGACY_KEYS as readonly string[]).includes(k);
/** Theirs too, deleted unread: pending checks, the cached policy and the cached verdicts (`v:` keys). */
const isOurs = (k: string) => isLegacy(k) || k === 'jobs' || k === 'managedCache' || k.startsWith('v:');

/** The records to write for `key`: settings split (legacy-settings.ts), the others as they are. */
function moveOf(key: string, value: unknown): Record<string, unknown> {
  if (key !== 'settings') return { [key]: value };
  const { moved, held } = legacySettingsMove(value);
  return { ...(moved ? { settings: moved } : {}), ...(held ? { [HELD_KEY]: held } : {}) };
}

export interface LocalArea {
  get(keys: null): Promise<Record<string, unknown>>;
  remove(keys: string[]): Promise<void>;
}

export type MigrationResult = { state: 'skipped' | 'already-done' | 'done'; copied: string[]; removed: string[] };

export async function migrateLegacyLocal(db: DbBackend, local: LocalArea): Promise<MigrationResult> {
  if (!db.persistent) return { state: 'skipped', copied: [], removed: [] };
  const marker = (await db.get([META_KEY]))[META_KEY];
  if (marker === 'done') return { state: 'already-done', copied: [], removed: [] };
  const all = await local.get(null).catch(() => ({}) as Record<string, unknown>);
  const copied: string[] = [];
  if (marker !== 'copied') {
    const candidates = Object.keys(all).filter(isLegacy);
    // What the private store already holds is newer (written by this build): it wins.
    const present = await db.get(candidates);
    const toCopy: Record<string, unknown> = {};
    for (const k of candidates) if (!(k in present)) Object.assign(toCopy, moveOf(k, all[k]));
    copied.push(...Object.keys(toCopy));
    await db.set({ ...toCopy, [META_KEY]: 'copied' });
  }
  const removed = Object.keys(all).filter(isOurs);
  if (removed.length) await local.remove(removed);
  await db.set({ [META_KEY]: 'done' });
  return { state: 'done', copied, removed };
}
