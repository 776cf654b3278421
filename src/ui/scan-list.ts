/**
 * Recent scans: local history first (instant), then the service's list. `history.get` may answer
 * with a bare array or a ScansListData; both are accepted, anything else is an empty list.
 *
 *   toScanList([{id:'a',…}])                → {items:[a], next:null}
 *   toScanList({items:[a], next:'c2'})      → {items:[a], next:'c2'}
 *   toScanList('nonsense')                  → {items:[], next:null}
 *   mergeScans([a(local)], [a(service), b]) → [a(service), b]   (service wins: it has the state)
 *   filterByHost([https://shop.example/x, https://news.test/], 'SHOP') → [https://shop.example/x]
 *   newestFirst([a(2024), b(2025), c(no date)])  → [b, a, c]
 */
import type { ScanSummary, ScansListData } from '@/src/shared/messaging/protocol';

function isSummary(x: unknown): x is ScanSummary {
  return (
    !!x &&
    typeof x === 'object' &&
    typeof (x as ScanSummary).id === 'string' &&
    typeof (x as ScanSummary).url === 'string'
  );
}

export function toScanList(data: unknown): ScansListData {
  if (Array.isArray(data)) return { items: data.filter(isSummary), next: null };
  if (data && typeof data === 'object' && Array.isArray((data as ScansListData).items)) {
    const next = (data as ScansListData).next;
    return {
      items: (data as ScansListData).items.filter(isSummary),
      next: typeof next === 'string' && next ? next : null,
    };
  }
  return { items: [], next: null };
}

export function mergeScans(current: ScanSummary[], incoming: ScanSummary[]): ScanSummary[] {
  const byId = new Map<string, ScanSummary>();
  for (const s of current) byId.set(s.id, s);
  for (const s of incoming) {
    const prev = byId.get(s.id);
    byId.set(s.id, prev && s.source !== 'service' ? prev : s);
  }
  return [...byId.values()];
}

/** The host of a scan's URL, lowercased, or '' when it is not a URL. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** Scans whose host contains `query` (case-insensitive, spaces trimmed); all of them for ''. */
export function filterByHost(items: ScanSummary[], query: string): ScanSummary[] {
  const q = query.trim().toLowerCase();
  return q ? items.filter((s) => hostOf(s.url).includes(q)) : items;
}

const timeOf = (s: ScanSummary) => {
  const t = s.createdAt ? Date.parse(s.createdAt) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
};

/** Newest first; scans without a readable date last, in their order. */
export function newestFirst(items: ScanSummary[]): ScanSummary[] {
  return [...items].sort((a, b) => timeOf(b) - timeOf(a));
}
