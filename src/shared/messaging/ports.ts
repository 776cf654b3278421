/**
 * Long-lived ports between our pages and the background, without zod (the pages' bundles stay
 * small): the port's name and a hand-written guard for what the background posts on it. The
 * schemas in port-tier.ts are the definition; a unit test holds this guard to them.
 */
import type { ScanEventsMessage } from './port-tier';

/** report page ⇄ background: one scan's event stream, followed by the background (port-tier.ts). */
export const SCAN_EVENTS_PORT = 'linklens.scan-events';

/** A message posted on the scan-events port, or null for anything else (ignored by the page). */
export function readScanEvent(raw: unknown): ScanEventsMessage | null {
  if (!raw || typeof raw !== 'object') return null;
  const m = raw as Record<string, unknown>;
  if (m.type === 'scan.state' && typeof m.state === 'string' && m.state.length >= 1 && m.state.length <= 100)
    return { type: 'scan.state', state: m.state };
  if (m.type === 'scan.end' && typeof m.reason === 'string' && m.reason.length <= 50)
    return { type: 'scan.end', reason: m.reason };
  return null;
}
