// The service's HTTPS + HTTP/2 mode (ServiceOptions.tls), as bench 11 uses it: it speaks h2 by
// ALPN, still accepts HTTP/1.1, streams events over h2, and its certificate is the one whose key
// hash the bench gives Chromium (so the browser accepts exactly it).
import { connect, type ClientHttp2Session } from 'node:http2';
import { request } from 'node:https';
import { createHash, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type ScanningService } from './server';
import { testSpkiSha256, testTls } from './tls';

let svc: ScanningService;
let session: ClientHttp2Session;
beforeAll(async () => {
  svc = await startService({ tls: true, processingDelayMs: 100 });
  session = connect(svc.baseUrl, { ca: testTls().cert });
  await new Promise<void>((ok, fail) => session.once('connect', () => ok()).once('error', fail));
});
afterAll(async () => {
  session.close();
  await svc.stop();
});

function h2(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; type: string; text: string }> {
  return new Promise((ok, fail) => {
    const req = session.request({
      ':method': init.method ?? 'GET',
      ':path': path,
      authorization: `Bearer ${svc.demoKey}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    });
    let status = 0;
    let type = '';
    let text = '';
    req.on('response', (h) => {
      status = Number(h[':status']);
      type = String(h['content-type'] ?? '');
    });
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => ok({ status, type, text }));
    req.on('error', fail);
    req.end(init.body ? JSON.stringify(init.body) : undefined);
  });
}

describe('the service over HTTPS with HTTP/2', () => {
  it('answers on https:// and agrees on h2, with the test-only certificate', () => {
    expect(svc.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(session.alpnProtocol).toBe('h2');
    const cert = new X509Certificate(testTls().cert);
    const spki = cert.publicKey.export({ type: 'spki', format: 'der' });
    expect(createHash('sha256').update(spki).digest('base64')).toBe(testSpkiSha256());
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
  });

  it('a scan, and its event stream to the end, over h2 (no connection header: it is an error there)', async () => {
    const created = await h2('/v1/scans/', { method: 'POST', body: { url: 'https://example.com/' } });
    expect(created.status).toBe(201);
    const job = JSON.parse(created.text) as { id: string; state: string };
    const events = await h2(`/v1/scans/${job.id}/events`);
    expect(events.status).toBe(200);
    expect(events.type).toMatch(/^text\/event-stream/);
    const states = events.text
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => (JSON.parse(l.slice(5)) as { state: string }).state);
    expect(states.at(-1)).toBe('COMPLETED');
  });

  it('still accepts HTTP/1.1 over TLS', async () => {
    const r = await new Promise<{ status: number; version: string }>((ok, fail) => {
      const req = request(
        `${svc.baseUrl}/v1/credits/`,
        { ca: testTls().cert, headers: { authorization: `Bearer ${svc.demoKey}` } },
        (res) => {
          res.resume();
          res.on('end', () => ok({ status: res.statusCode ?? 0, version: res.httpVersion }));
        },
      );
      req.on('error', fail);
      req.end();
    });
    expect(r).toEqual({ status: 200, version: '1.1' });
  });
});
