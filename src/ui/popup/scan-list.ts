/**
 * Recent scans: local history first (instant), then the service's list. `history.get` may answer
 * with a bare array or a ScansListData; both are accepted, anything else is an empty list.
 *
 *   toScanList([{id:'a',…}])                → {items:[a], next:null}
 *   toScanList({items:[a], next:'c2'})      → {items:[a], next:'c2'}
 *   toScanList('nonsense')                  → {items:[], next:null}
 *   mergeScans([a(local)], [a(service), b]) → [a(service), b]   (service wins: it has the state)
 */
import type { ScanSummary, ScansListData } from '@/src/shared/messaging/protocol';

function isSummary(x: unknown): x is ScanSummary {
  return !!x && typeof x === 'object' && typeof (x as ScanSummary).id === 'string' && typeof (x as ScanSummary).url === 'string';
}

export function toScanList(data: unknown): ScansListData {
  if (Array.isArray(data)) return { items: data.filter(isSummary), next: null };
  if (data && typeof data === 'object' && Array.isArray((data as ScansListData).items)) {
    const next = (data as ScansListData).next;
    return { items: (data as ScansListData).items.filter(isSummary), next: typeof next === 'string' && next ? next : null };
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
