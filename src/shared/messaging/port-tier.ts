/**
 * Our pages' long-lived port to the background: the report page follows a scan's event stream
 * through the background (which holds the API key). It opens `runtime.connect({name:
 * SCAN_EVENTS_PORT})` (ports.ts) and posts one `scan.follow`. The background accepts the port
 * from our own pages only (router.ts, as for privileged messages) and posts ScanEventsMessage:
 * each state the stream reports, then one `scan.end`. After `scan.end` (or a disconnect) the page
 * polls `scan.get`: the stream is an accelerator, polling the guarantee.
 */
import '../zod-config';
import { z } from 'zod/mini';
import { nonEmpty, str } from '../zod-lean';
import { Id, ofType } from './schema-parts';

export const PortToBackground = z.union([ofType('scan.follow', { id: Id })]);
export type PortToBackground = z.infer<typeof PortToBackground>;

export const ScanEventsMessage = z.union([
  /** A state the service reported on the stream (QUEUED, PROCESSING, COMPLETED, FAILED or another name). */
  ofType('scan.state', { state: nonEmpty(100) }),
  /** The stream is over (reason: events.ts StreamEndReason, or 'not_configured' / 'refused'). */
  ofType('scan.end', { reason: str(50) }),
]);
export type ScanEventsMessage = z.infer<typeof ScanEventsMessage>;
