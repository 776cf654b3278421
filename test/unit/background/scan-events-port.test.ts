// The report page's port (src/background/scan-events-port.ts): the background follows the scan's
// event stream for our own pages only, posts each state and one end, and stops when the page goes.
import { describe, expect, it, vi } from 'vitest';
import { onScanEventsPort } from '@/src/background/scan-events-port';
import type { App } from '@/src/background/app';
import type { StreamEvent } from '@/src/background/api/events';
import { SCAN_EVENTS_PORT } from '@/src/shared/messaging/protocol';

const ID = 'ext-id';
const ORIGIN = `chrome-extension://${ID}`;
const page = { id: ID, url: `${ORIGIN}/report.html?id=scn_1`, origin: ORIGIN };
const content = { id: ID, url: 'https://evil.test/', origin: 'https://evil.test', tab: { id: 3 } };

function fakePort(sender: object, name = SCAN_EVENTS_PORT) {
  const onMessage: ((m: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  const port = {
    name,
    sender,
    posted: [] as unknown[],
    disconnected: false,
    postMessage(m: unknown) {
      port.posted.push(m);
    },
    disconnect() {
      port.disconnected = true;
    },
    onMessage: { addListener: (fn: (m: unknown) => void) => void onMessage.push(fn) },
    onDisconnect: { addListener: (fn: () => void) => void onDisconnect.push(fn) },
    send: (m: unknown) => onMessage.forEach((fn) => fn(m)),
    pageGone: () => onDisconnect.forEach((fn) => fn()),
  };
  return port;
}

/** An app whose client streams `events` for any id, recording which ids were asked and aborts. */
function appStreaming(events: StreamEvent[], opts: { hold?: boolean } = {}) {
  const asked: string[] = [];
  let aborted = false;
  const app = {
    api: async () => ({
      async *streamEvents(id: string, o: { signal?: AbortSignal } = {}) {
        asked.push(id);
        for (const e of events) yield e;
        if (opts.hold) {
          await new Promise<void>((r) => o.signal?.addEventListener('abort', () => r()));
          aborted = true;
          yield { kind: 'end', reason: 'aborted' } as StreamEvent;
        }
      },
    }),
  } as unknown as App;
  return { app, asked, aborted: () => aborted };
}

/**
 * For what must not happen: the fake service answers at once, so a stream wrongly started would
 * have asked and posted once the promise jobs queued now have run (one macrotask later).
 */
const jobsRun = () => new Promise((r) => setImmediate(r));

describe('scan-events port', () => {
  it('from our page: each state, then the end, then the port is closed', async () => {
    const { app, asked } = appStreaming([
      { kind: 'transition', job: { state: 'QUEUED' } },
      { kind: 'transition', job: { state: 'PROCESSING' } },
      { kind: 'transition', job: { state: 'COMPLETED' } },
      { kind: 'end', reason: 'terminal' },
    ]);
    const port = fakePort(page);
    onScanEventsPort(app, port, ORIGIN, ID);
    port.send({ type: 'scan.follow', id: 'scn_1' });
    await vi.waitFor(() => expect(port.disconnected).toBe(true));
    expect(asked).toEqual(['scn_1']);
    expect(port.posted).toEqual([
      { type: 'scan.state', state: 'QUEUED' },
      { type: 'scan.state', state: 'PROCESSING' },
      { type: 'scan.state', state: 'COMPLETED' },
      { type: 'scan.end', reason: 'terminal' },
    ]);
    expect(port.disconnected).toBe(true);
  });

  it('from a content script: disconnected at once, nothing asked of the service', async () => {
    const { app, asked } = appStreaming([{ kind: 'transition', job: { state: 'QUEUED' } }]);
    const port = fakePort(content);
    onScanEventsPort(app, port, ORIGIN, ID);
    port.send({ type: 'scan.follow', id: 'scn_1' });
    await jobsRun();
    expect(port.disconnected).toBe(true);
    expect(port.posted).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('another port name is not ours to answer', async () => {
    const { app } = appStreaming([]);
    const port = fakePort(page, 'something-else');
    onScanEventsPort(app, port, ORIGIN, ID);
    port.send({ type: 'scan.follow', id: 'scn_1' });
    await jobsRun();
    expect(port.posted).toEqual([]);
    expect(port.disconnected).toBe(false);
  });

  it('a malformed first message, or a second one, ends the port', async () => {
    const { app, asked } = appStreaming([], { hold: true });
    const bad = fakePort(page);
    onScanEventsPort(app, bad, ORIGIN, ID);
    bad.send({ type: 'scan.follow', id: '' });
    expect(bad.posted).toEqual([{ type: 'scan.end', reason: 'refused' }]);
    expect(bad.disconnected).toBe(true);

    const twice = fakePort(page);
    onScanEventsPort(app, twice, ORIGIN, ID);
    twice.send({ type: 'scan.follow', id: 'scn_1' });
    twice.send({ type: 'scan.follow', id: 'scn_2' });
    await vi.waitFor(() => expect(asked).toEqual(['scn_1']));
    expect(twice.posted).toContainEqual({ type: 'scan.end', reason: 'refused' });
  });

  it('the page going away stops the stream', async () => {
    const s = appStreaming([{ kind: 'transition', job: { state: 'QUEUED' } }], { hold: true });
    const port = fakePort(page);
    onScanEventsPort(s.app, port, ORIGIN, ID);
    port.send({ type: 'scan.follow', id: 'scn_1' });
    await vi.waitFor(() => expect(port.posted).toEqual([{ type: 'scan.state', state: 'QUEUED' }]));
    expect(s.aborted()).toBe(false);
    port.pageGone();
    await vi.waitFor(() => expect(s.aborted()).toBe(true));
  });

  it('not configured: one end, nothing else', async () => {
    const port = fakePort(page);
    onScanEventsPort({ api: async () => null } as unknown as App, port, ORIGIN, ID);
    port.send({ type: 'scan.follow', id: 'scn_1' });
    await vi.waitFor(() => expect(port.disconnected).toBe(true));
    expect(port.posted).toEqual([{ type: 'scan.end', reason: 'not_configured' }]);
  });
});
