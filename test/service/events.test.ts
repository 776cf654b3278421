// GET /v1/scans/{id}/events over real HTTP: frames for the current state and each transition,
// keep-alive comments, the end after the terminal state, and the stream faults.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startService, type ScanningService } from './server';
import { bare, call, readStream, stateFrames, waitTerminal } from './test-helpers';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 300, keepAliveMs: 25 });
});
afterAll(() => svc.stop());
beforeEach(async () => {
  await fetch(`${svc.baseUrl}/__control/reset`, { method: 'POST' });
});

async function newScan(url = 'https://example.com/'): Promise<string> {
  const r = await call(svc, 'POST', '/v1/scans/', { body: { url } });
  return r.json.id;
}
const eventsUrl = (id: string) => `${svc.baseUrl}/v1/scans/${bare(id)}/events`;
/** Generous: only a broken server reaches it. */
const MAX_MS = 10_000;

describe('normal streams', () => {
  it('sends QUEUED, keep-alives while waiting, then COMPLETED with the result, and ends', async () => {
    const id = await newScan('https://malware.example/');
    const s = await readStream(eventsUrl(id), svc.demoKey, MAX_MS);
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    expect(s.ending).toBe('end');
    const frames = stateFrames(s.text);
    expect(frames.map((f) => f.state)).toEqual(['QUEUED', 'COMPLETED']);
    expect(frames.every((f) => f.id === id)).toBe(true);
    expect(frames[1].result).toMatchObject({ riskScore: 95, categories: ['malware'] });
    expect(s.text).toContain(': keep-alive\n\n');
    expect(s.text).toMatch(/^event: state\nid: 0\ndata: \{/);
  });

  it('for a scan already terminal: one frame, then the end', async () => {
    const id = await newScan();
    await waitTerminal(svc, id);
    const s = await readStream(eventsUrl(id), svc.demoKey, MAX_MS);
    expect(s.ending).toBe('end');
    expect(stateFrames(s.text).map((f) => f.state)).toEqual(['COMPLETED']);
  });

  it('reports every intermediate state in order', async () => {
    svc.setFaults({ intermediateStates: ['PROCESSING', 'ANALYZING'] });
    const id = await newScan();
    const s = await readStream(eventsUrl(id), svc.demoKey, MAX_MS);
    expect(s.ending).toBe('end');
    expect(stateFrames(s.text).map((f) => f.state)).toEqual(['QUEUED', 'PROCESSING', 'ANALYZING', 'COMPLETED']);
  });

  it('ends with a FAILED frame carrying the error', async () => {
    const id = await newScan('https://fail.example/');
    const s = await readStream(eventsUrl(id), svc.demoKey, MAX_MS);
    const frames = stateFrames(s.text);
    expect(frames[frames.length - 1]).toMatchObject({ state: 'FAILED', error: { reason: expect.any(String) } });
    expect(s.ending).toBe('end');
  });

  it('needs a key with SCAN_READ (401 without one)', async () => {
    const id = await newScan();
    expect((await call(svc, 'GET', `/v1/scans/${bare(id)}/events`, { key: null })).status).toBe(401);
  });
});

describe('stream faults', () => {
  it('stall: first frame, then silence without keep-alives while the connection stays open', async () => {
    svc.setFaults({ streamMode: 'stall' });
    const id = await newScan();
    // 12 keep-alive intervals and past the terminal time: a normal stream would have sent both.
    const s = await readStream(eventsUrl(id), svc.demoKey, 600);
    expect(s.ending).toBe('open');
    expect(stateFrames(s.text).map((f) => f.state)).toEqual(['QUEUED']);
    expect(s.text).not.toContain('keep-alive');
  });

  it('drop: first frame, then half a frame and a broken connection', async () => {
    svc.setFaults({ streamMode: 'drop' });
    const id = await newScan();
    const s = await readStream(eventsUrl(id), svc.demoKey, MAX_MS);
    expect(s.ending).toBe('error');
    expect(stateFrames(s.text).map((f) => f.state)).toEqual(['QUEUED']);
    expect(s.text.endsWith('\n\n')).toBe(false);
  });

  it('disabled: 404 JSON for /events while GET still works', async () => {
    svc.setFaults({ streamMode: 'disabled' });
    const id = await newScan();
    const r = await call(svc, 'GET', `/v1/scans/${bare(id)}/events`);
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('not_found');
    expect((await call(svc, 'GET', `/v1/scans/${bare(id)}`)).status).toBe(200);
  });

  it('stop() ends a stalled stream', async () => {
    const own = await startService({ processingDelayMs: 60_000 });
    own.setFaults({ streamMode: 'stall' });
    const { json } = await call(own, 'POST', '/v1/scans/', { body: { url: 'https://example.com/' } });
    const reading = readStream(`${own.baseUrl}/v1/scans/${json.id}/events`, own.demoKey, MAX_MS, (t) => {
      if (t.includes('\n\n')) void own.stop();
      return false;
    });
    const s = await reading;
    expect(s.ending === 'end' || s.ending === 'error').toBe(true);
  });
});
