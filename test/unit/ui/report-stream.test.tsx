// @vitest-environment happy-dom
// The report page follows the scan's event stream through the background (a port), with polling
// as the fallback (docs/decisions/017-surfaces.md).
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/preact';
import { ReportApp } from '@/src/ui/report/report-app';
import type { PortLike } from '@/src/ui/report/use-scan';
import { readScanEvent } from '@/src/shared/messaging/ports';
import { ScanEventsMessage, type ScanViewData } from '@/src/shared/messaging/protocol';
import { answer, en, sent, setupUiTest } from './helpers';

setupUiTest();

const ID = 'scn_stream';
const job = (state: string, over: Partial<ScanViewData> = {}): ScanViewData => ({
  id: ID,
  url: 'https://suspect.test/',
  state,
  createdAt: null,
  result: null,
  extra: {},
  ...over,
});
const result = {
  riskScore: 64,
  band: 'high' as const,
  confidence: 0.81,
  categories: ['scam'],
  reasoning: 'Fake prize page.',
  indicators: [],
};

/** A port the test speaks for the background: `emit` posts to the page, `posted` is what the page sent. */
function fakePort() {
  const onMessage: ((m: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  const port = {
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
    emit: (m: unknown) => onMessage.forEach((fn) => fn(m)),
    drop: () => onDisconnect.forEach((fn) => fn()),
  };
  return port;
}

const timeline = () =>
  within(screen.getByRole('list', { name: en('progress') }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('report page: the event stream', () => {
  it('shows each state the stream posts at once, and asks scan.get only to start and for the result', async () => {
    let state = 'QUEUED';
    const calls = answer({
      'scan.get': () => job(state, state === 'COMPLETED' ? { result } : {}),
      'scan.analytics': () => ({}),
    });
    const port = fakePort();
    // A poll interval far beyond the test: anything shown in between came through the stream.
    render(<ReportApp search={`?id=${ID}`} pollMs={60_000} connect={() => port as PortLike} />);
    await waitFor(() => expect(port.posted).toEqual([{ type: 'scan.follow', id: ID }]));
    port.emit({ type: 'scan.state', state: 'QUEUED' });
    port.emit({ type: 'scan.state', state: 'PROCESSING' });
    await waitFor(() => expect(timeline()).toEqual(['QUEUED', 'PROCESSING']));
    expect(screen.getByRole('status').textContent).toContain('PROCESSING');
    state = 'COMPLETED';
    port.emit({ type: 'scan.state', state: 'COMPLETED' });
    expect(await screen.findByText('Fake prize page.')).toBeTruthy();
    expect(timeline()).toEqual(['QUEUED', 'PROCESSING', 'COMPLETED']);
    expect(sent(calls, 'scan.get')).toHaveLength(2);
    expect(port.disconnected).toBe(true);
  });

  it('when the stream ends before the scan does, polling takes over at its normal pace', async () => {
    let n = 0;
    const calls = answer({
      'scan.get': () => (++n >= 3 ? job('COMPLETED', { result }) : job('PROCESSING')),
      'scan.analytics': () => ({}),
    });
    const port = fakePort();
    render(<ReportApp search={`?id=${ID}`} pollMs={5} connect={() => port as PortLike} />);
    await waitFor(() => expect(port.posted).toHaveLength(1));
    port.emit({ type: 'scan.end', reason: 'dropped' });
    expect(await screen.findByText('Fake prize page.')).toBeTruthy();
    expect(sent(calls, 'scan.get').length).toBeGreaterThanOrEqual(3);
  });

  it('a port that closes without a word counts as the stream ending', async () => {
    let n = 0;
    answer({
      'scan.get': () => (++n >= 2 ? job('COMPLETED', { result }) : job('QUEUED')),
      'scan.analytics': () => ({}),
    });
    const port = fakePort();
    render(<ReportApp search={`?id=${ID}`} pollMs={5} connect={() => port as PortLike} />);
    await waitFor(() => expect(port.posted).toHaveLength(1));
    port.drop();
    expect(await screen.findByText('Fake prize page.')).toBeTruthy();
  });

  it('junk on the port is ignored; a late non-terminal state never follows COMPLETED', async () => {
    answer({ 'scan.get': () => job('QUEUED') });
    const port = fakePort();
    render(<ReportApp search={`?id=${ID}`} pollMs={60_000} connect={() => port as PortLike} />);
    await waitFor(() => expect(port.posted).toHaveLength(1));
    for (const junk of [
      null,
      'PROCESSING',
      { type: 'scan.state' },
      { type: 'scan.state', state: 7 },
      { type: 'scan.state', state: 'x'.repeat(101) },
      { type: 'other', state: 'X' },
    ])
      port.emit(junk);
    port.emit({ type: 'scan.state', state: '<img src=x onerror=alert(1)>' });
    await waitFor(() => expect(timeline()).toEqual(['QUEUED', '<img src=x onerror=alert(1)>']));
    expect(document.querySelector('img')).toBeNull();
  });

  it('without a port (none can be opened), the page polls as before', async () => {
    let n = 0;
    answer({
      'scan.get': () => (++n >= 3 ? job('COMPLETED', { result }) : job('QUEUED')),
      'scan.analytics': () => ({}),
    });
    render(<ReportApp search={`?id=${ID}`} pollMs={5} connect={() => null} />);
    expect(await screen.findByText('Fake prize page.')).toBeTruthy();
  });
});

describe("readScanEvent (the pages' guard) agrees with the protocol schema", () => {
  const samples: unknown[] = [
    { type: 'scan.state', state: 'QUEUED' },
    { type: 'scan.end', reason: 'terminal' },
    { type: 'scan.end', reason: '' },
    { type: 'scan.state', state: '' },
    { type: 'scan.state', state: 'x'.repeat(100) },
    { type: 'scan.state', state: 'x'.repeat(101) },
    { type: 'scan.end', reason: 'x'.repeat(51) },
    { type: 'scan.end' },
    { type: 'scan.state', state: 1 },
    null,
    'scan.state',
    [],
    { type: 'nope' },
  ];
  it.each(samples.map((s) => [JSON.stringify(s)?.slice(0, 60), s] as const))('%s', (_n, s) => {
    expect(readScanEvent(s) !== null).toBe(ScanEventsMessage.safeParse(s).success);
  });
});
