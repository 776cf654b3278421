/**
 * Contract: GET /v1/scans/{id}/events of the real service, in every stream mode. The stream always
 * ends with exactly one `end` event, so the caller knows when to fall back to polling.
 */
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '@/src/background/api';
import { collect, useService, waitTerminal } from './setup';

const h = useService();

const summary = (events: StreamEvent[]) =>
  events.map((e) => (e.kind === 'transition' ? e.job.state : `end:${e.reason}`));

async function submitted(url = 'https://phish-bank.example/'): Promise<string> {
  const r = await h.client().submitScan(url);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.id;
}

describe('events stream', () => {
  it('normal: each transition, then the verdict, then end terminal', async () => {
    h.svc.setProcessingDelay(300);
    const id = await submitted();
    const events = await collect(h.client().streamEvents(id));
    expect(summary(events)).toEqual(['QUEUED', 'COMPLETED', 'end:terminal']);
    const done = events[1]!;
    expect(done.kind === 'transition' && done.job).toMatchObject({
      id,
      result: { riskScore: 88, categories: ['phishing'] },
    });
    const entry = h.svc.log.find((e) => e.path.endsWith('/events'))!;
    expect([entry.method, entry.status, entry.auth !== null]).toEqual(['GET', 200, true]);
  });

  it('unknown intermediate states come through as non-terminal transitions', async () => {
    h.svc.setFaults({ intermediateStates: ['PROCESSING', 'ENRICHING'] });
    h.svc.setProcessingDelay(300);
    const id = await submitted('https://malware.example/');
    expect(summary(await collect(h.client().streamEvents(id)))).toEqual([
      'QUEUED',
      'PROCESSING',
      'ENRICHING',
      'COMPLETED',
      'end:terminal',
    ]);
  });

  it('keep-alive comments keep a slow stream from counting as silent', async () => {
    h.svc.setProcessingDelay(600); // keep-alives every 40 ms; silence limit 250 ms
    const id = await submitted();
    expect(summary(await collect(h.client().streamEvents(id, { silenceMs: 250 })))).toEqual([
      'QUEUED',
      'COMPLETED',
      'end:terminal',
    ]);
  });

  it('a FAILED scan ends the stream as terminal too', async () => {
    h.svc.setFaults({ failScans: true });
    const id = await submitted();
    const events = await collect(h.client().streamEvents(id));
    expect(summary(events)).toEqual(['QUEUED', 'FAILED', 'end:terminal']);
  });

  it('an already finished scan: one terminal frame', async () => {
    const client = h.client();
    const id = await submitted();
    await waitTerminal(client, id);
    expect(summary(await collect(client.streamEvents(id)))).toEqual(['COMPLETED', 'end:terminal']);
  });

  it('stall: the first frame, then silence → end silent', async () => {
    h.svc.setFaults({ streamMode: 'stall' });
    h.svc.setProcessingDelay(5000);
    const id = await submitted();
    expect(summary(await collect(h.client().streamEvents(id, { silenceMs: 200 })))).toEqual(['QUEUED', 'end:silent']);
  });

  it('drop: the connection breaks mid-frame → end dropped', async () => {
    h.svc.setFaults({ streamMode: 'drop' });
    h.svc.setProcessingDelay(5000);
    const id = await submitted();
    expect(summary(await collect(h.client().streamEvents(id)))).toEqual(['QUEUED', 'end:dropped']);
  });

  it('disabled: 404 → end unsupported', async () => {
    h.svc.setFaults({ streamMode: 'disabled' });
    const id = await submitted();
    expect(await collect(h.client().streamEvents(id))).toEqual([{ kind: 'end', reason: 'unsupported' }]);
  });

  it('a 503 on the stream → end error (the caller polls)', async () => {
    const id = await submitted();
    h.svc.setFaults({ rate503: 1 });
    expect(await collect(h.client().streamEvents(id))).toEqual([{ kind: 'end', reason: 'error' }]);
  });

  it('the caller can abort mid-stream → end aborted', async () => {
    h.svc.setProcessingDelay(5000);
    const id = await submitted();
    const ctl = new AbortController();
    const events: StreamEvent[] = [];
    for await (const e of h.client().streamEvents(id, { signal: ctl.signal })) {
      events.push(e);
      if (e.kind === 'transition') setTimeout(() => ctl.abort(), 30);
    }
    expect(summary(events)).toEqual(['QUEUED', 'end:aborted']);
  });
});
