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
 * Not copied: `managedCache` and the cached verdicts (`v:` keys). They are only caches (the live
 * policy read, a new check, replace them), and what sits in storage.local may have been forged
 * by a content script: a forged "safe" verdict would have been believed until it expired, at any
 * date the forger chose. They are deleted.
 * Nothing is moved into a non-persistent store (IndexedDB unavailable): storage.local is then
 * left as it is, and the move happens on a later start that has IndexedDB.
 */
import type { DbBackend } from './db-backend';

export const META_KEY = 'meta:migratedFromLocal';

/** Keys older builds wrote to storage.local that are moved. */
export const LEGACY_KEYS = ['settings', 'ledger', 'history', 'jobs', 'idForm'] as const;
const isLegacy = (k: string) => (LEGACY_KEYS as readonly string[]).includes(k);
/** Theirs too, deleted unread: the cached policy and the cached verdicts (`v:` keys). */
const isOurs = (k: string) => isLegacy(k) || k === 'managedCache' || k.startsWith('v:');

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
    for (const k of candidates) if (!(k in present)) toCopy[k] = all[k];
    copied.push(...Object.keys(toCopy));
    await db.set({ ...toCopy, [META_KEY]: 'copied' });
  }
  const removed = Object.keys(all).filter(isOurs);
  if (removed.length) await local.remove(removed);
  await db.set({ [META_KEY]: 'done' });
  return { state: 'done', copied, removed };
}
