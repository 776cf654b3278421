/**
 * The report page's live progress (docs/decisions/017-surfaces.md): the page cannot open the service's event stream
 * itself (the API key stays in the background), so it connects a port and the background follows
 * GET /v1/scans/{id}/events for it, posting each state and then one `scan.end` (protocol.ts,
 * SCAN_EVENTS_PORT). Accepted from our own extension pages only, exactly as privileged messages
 * (sender.ts): a content script's port is disconnected unanswered. The stream is closed when the
 * page goes away (disconnect) and the page polls after `scan.end` (polling is the guarantee).
 */
import { browser } from 'wxt/browser';
import { PortToBackground, SCAN_EVENTS_PORT, type ScanEventsMessage } from '@/src/shared/messaging/protocol';
import type { App } from './app';
import { isExtensionPage, originOf, type SenderLike } from './sender';

interface PortLike {
  name: string;
  sender?: SenderLike;
  postMessage(m: unknown): void;
  disconnect(): void;
  onMessage: { addListener(fn: (m: unknown) => void): void };
  onDisconnect: { addListener(fn: () => void): void };
}

/** Follows one scan's stream for one port; resolves when the stream is over. */
async function follow(app: App, id: string, post: (m: ScanEventsMessage) => void, signal: AbortSignal): Promise<void> {
  const api = await app.api();
  if (!api) return post({ type: 'scan.end', reason: 'not_configured' });
  for await (const ev of api.streamEvents(id, { signal })) {
    if (ev.kind === 'transition') post({ type: 'scan.state', state: ev.job.state });
    else post({ type: 'scan.end', reason: ev.reason });
  }
}

export function onScanEventsPort(app: App, port: PortLike, extensionOrigin: string, runtimeId: string): void {
  if (port.name !== SCAN_EVENTS_PORT) return;
  if (!isExtensionPage(port.sender ?? {}, extensionOrigin, runtimeId)) return port.disconnect();
  const ctl = new AbortController();
  let started = false;
  const post = (m: ScanEventsMessage) => {
    try {
      port.postMessage(m);
    } catch {
      ctl.abort(); // the page is gone
    }
  };
  port.onDisconnect.addListener(() => ctl.abort());
  port.onMessage.addListener((raw) => {
    const m = PortToBackground.safeParse(raw);
    // One scan per port: anything else ends it.
    if (!m.success || started) {
      post({ type: 'scan.end', reason: 'refused' });
      ctl.abort();
      return port.disconnect();
    }
    started = true;
    void follow(app, m.data.id, post, ctl.signal)
      .catch(() => post({ type: 'scan.end', reason: 'error' }))
      .finally(() => {
        try {
          port.disconnect();
        } catch {
          // already gone
        }
      });
  });
}

export function wireScanEventsPort(app: App): void {
  const extensionOrigin = originOf(browser.runtime.getURL('/'))!;
  try {
    browser.runtime.onConnect.addListener((port) =>
      onScanEventsPort(app, port as unknown as PortLike, extensionOrigin, browser.runtime.id),
    );
  } catch {
    // No ports here (unit tests' fake browser): the report page polls, which always works.
  }
}
