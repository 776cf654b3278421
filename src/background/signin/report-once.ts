/**
 * Which look-alike sightings were reported already (docs/decisions/016-organizations.md): one `lookalike.seen` per
 * tab + host + trigger, so a page that reloads, or focuses its password field in a loop, adds one
 * event to the organization's queue, not thousands.
 *
 * Bounded two ways: at most `maxPerTab` distinct sightings per tab (a page hopping its tab
 * through generated look-alike hosts stops adding events there), and at most `maxKeys`
 * remembered overall, the oldest forgotten first. What is not reported is still warned about:
 * the bound limits the queue, never the person's warning.
 *
 * `state()` / `initial` let the caller keep it across the background's restarts (check.ts keeps
 * it in storage.session): a page reloading itself while the worker stops and starts in between
 * must not be reported once per worker life.
 */
export type SignInTrigger = 'load' | 'password-focus';

export interface ReportOnce {
  /** True the first time this sighting is seen (report it), false after (or past the tab's bound). */
  first(tabId: number, host: string, trigger: SignInTrigger): boolean;
  /** Sightings remembered now (for tests and the bound). */
  readonly size: number;
  /** What to keep to go on where this left off (plain data). */
  state(): ReportOnceState;
}

export interface ReportOnceState {
  keys: string[];
  perTab: [number, number][];
}

export function createReportOnce({
  maxKeys = 1000,
  maxPerTab = 20,
  initial,
}: { maxKeys?: number; maxPerTab?: number; initial?: ReportOnceState | null } = {}): ReportOnce {
  // Both insertion-ordered: the first key is the oldest, dropped first past maxKeys.
  const seen = new Set<string>(initial?.keys);
  const perTab = new Map<number, number>(initial?.perTab);
  const trim = <K>(m: { size: number; keys(): IterableIterator<K>; delete(k: K): boolean }) => {
    while (m.size > maxKeys) m.delete(m.keys().next().value as K);
  };
  return {
    first(tabId, host, trigger) {
      const key = `${tabId}\n${host}\n${trigger}`;
      if (seen.has(key)) return false;
      const count = perTab.get(tabId) ?? 0;
      if (count >= maxPerTab) return false;
      seen.add(key);
      // Re-inserted so an active tab's count is the last one forgotten.
      perTab.delete(tabId);
      perTab.set(tabId, count + 1);
      trim(seen);
      trim(perTab);
      return true;
    },
    get size() {
      return seen.size;
    },
    state: () => ({ keys: [...seen], perTab: [...perTab] }),
  };
}
