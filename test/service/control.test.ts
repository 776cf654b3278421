// The /__control/ API (steering from another process, no key) and the `npm run service` CLI.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startService, type ScanningService } from './server';
import { bare, call, readStream, stateFrames } from './test-helpers';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 10, keepAliveMs: 25 });
});
afterAll(() => svc.stop());
beforeEach(async () => {
  await ctl('POST', 'reset');
});

async function ctl(method: string, what: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${svc.baseUrl}/__control/${what}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

describe('/__control/', () => {
  it('GET / gives an overview without any secret', async () => {
    const r = await ctl('GET', '');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ idMode: 'both', credits: 1000, processingDelayMs: 10, maxBatch: 50 });
    expect(JSON.stringify(r.json)).not.toContain(svc.demoKey);
  });

  it('faults: PUT merges, GET reads, DELETE resets; the fault then applies to /v1', async () => {
    expect((await ctl('PUT', 'faults', { rate429: 1, retryAfterForm: 'http-date' })).json).toMatchObject({
      rate429: 1,
      retryAfterForm: 'http-date',
    });
    expect((await ctl('POST', 'faults', { rate500: 0.25 })).json).toMatchObject({ rate429: 1, rate500: 0.25 });
    expect((await call(svc, 'GET', '/v1/credits/')).status).toBe(429);
    expect((await ctl('DELETE', 'faults')).json.rate429).toBe(0);
    expect((await call(svc, 'GET', '/v1/credits/')).status).toBe(200);
  });

  it.each([[{ rate429: 'high' }], [{ streamMode: 'sideways' }], [{ bogus: 1 }], [{ intermediateStates: [1] }], [[1]]])(
    'faults refuses %j with 400',
    async (body) => {
      expect((await ctl('PUT', 'faults', body)).status).toBe(400);
    },
  );

  it('credits, id-mode and delay are settable', async () => {
    expect((await ctl('PUT', 'credits', { balance: 0 })).json).toEqual({ balance: 0 });
    expect((await call(svc, 'POST', '/v1/scans/', { body: { url: 'https://example.com/' } })).status).toBe(402);
    await ctl('PUT', 'credits', { balance: 3 });
    expect(svc.getCredits()).toBe(3);

    await ctl('PUT', 'delay', { ms: 0 });
    await ctl('PUT', 'id-mode', { mode: 'prefixed' });
    const { json } = await call(svc, 'POST', '/v1/scans/', { body: { url: 'https://example.com/' } });
    expect((await call(svc, 'GET', `/v1/scans/${bare(json.id)}`)).status).toBe(404);
    expect((await call(svc, 'GET', `/v1/scans/${json.id}`)).json.state).toBe('COMPLETED');
    expect((await ctl('PUT', 'id-mode', { mode: 'uuid' })).status).toBe(400);
    expect((await ctl('PUT', 'delay', { ms: -1 })).status).toBe(400);
  });

  it('log: GET lists /v1 requests only (control calls are not logged), DELETE clears', async () => {
    await call(svc, 'GET', '/v1/credits/');
    const r = await ctl('GET', 'log');
    expect(r.json.data.map((e: any) => e.path)).toEqual(['/v1/credits/']);
    await ctl('DELETE', 'log');
    expect((await ctl('GET', 'log')).json.data).toEqual([]);
    expect(svc.log).toEqual([]);
  });

  it('scans lists jobs; reset clears them and restores credits', async () => {
    await call(svc, 'POST', '/v1/scans/', { body: { url: 'https://example.com/' } });
    expect((await ctl('GET', 'scans')).json.data).toHaveLength(1);
    await ctl('POST', 'reset');
    expect((await ctl('GET', 'scans')).json.data).toEqual([]);
    expect(svc.getCredits()).toBe(1000);
  });

  it('answers unknown control endpoints with 404', async () => {
    expect((await ctl('GET', 'nothing')).status).toBe(404);
  });

  it('stream mode set over control applies to /events', async () => {
    await ctl('PUT', 'faults', { streamMode: 'drop' });
    await ctl('PUT', 'delay', { ms: 10_000 }); // still QUEUED when the stream opens
    const { json } = await call(svc, 'POST', '/v1/scans/', { body: { url: 'https://example.com/' } });
    const s = await readStream(`${svc.baseUrl}/v1/scans/${json.id}/events`, svc.demoKey, 10_000);
    expect(s.ending).toBe('error');
    expect(stateFrames(s.text).map((f) => f.state)).toEqual(['QUEUED']);
  });
});

describe('cli.ts (npm run service)', () => {
  it('prints the base URL and a working demo key, and keeps serving', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/service/cli.ts', '--port', '0', '--delay', '5', '--key', 'llk_cli_test_key'],
      {
        cwd: new URL('../..', import.meta.url).pathname,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      let out = '';
      const base = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /BASE_URL=(\S+)/.exec(out);
          if (m?.[1] && out.includes('DEMO_KEY=')) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`cli exited ${code}: ${out}`)));
      });
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(out).toContain('DEMO_KEY=llk_cli_test_key');
      const res = await fetch(`${base}/v1/credits/`, { headers: { Authorization: 'Bearer llk_cli_test_key' } });
      expect(res.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
