/**
 * Contract (docs/decisions/008-key-binding.md): the service never redirects (spec), and a redirect must not carry
 * the API key anywhere else. A real loopback "service" answers every request with a redirect to a
 * second real server, which records what it receives: it must receive nothing, and the client
 * answers with an error, never a result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createApiClient } from '@/src/background/api';
import { listenOnLoopback } from '../shared/listen';

const KEY = 'sk_redirect_test_key';
let target: Server;
let redirecting: Server;
let targetUrl = '';
let baseUrl = '';
const targetGot: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];
const redirects: string[] = [];
let status = 302;

beforeAll(async () => {
  target = createServer((req, res) => {
    targetGot.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"balance": 5, "id": "scn_x", "state": "QUEUED"}');
  });
  targetUrl = `http://127.0.0.1:${await listenOnLoopback(target)}`;
  redirecting = createServer((req, res) => {
    redirects.push(`${req.method} ${req.url}`);
    res.writeHead(status, { location: `${targetUrl}${req.url ?? '/'}` }).end();
  });
  baseUrl = `http://127.0.0.1:${await listenOnLoopback(redirecting)}`;
});
afterAll(async () => {
  await new Promise((r) => target.close(r));
  await new Promise((r) => redirecting.close(r));
});

const client = () =>
  createApiClient({ baseUrl, apiKey: KEY, timeoutMs: 3000, maxAttempts: 2, sleep: async () => undefined });

describe('a service answering with a redirect', () => {
  it.each([301, 302, 303, 307, 308])('%i: the key never reaches the redirect target; the call fails', async (code) => {
    status = code;
    targetGot.length = 0;
    redirects.length = 0;
    const api = client();
    const credits = await api.getCredits();
    const scan = await api.submitScan('https://example.com/');
    expect(credits.ok).toBe(false);
    expect(scan.ok).toBe(false);
    expect(redirects.length).toBeGreaterThan(0); // the redirecting service was asked
    expect(targetGot).toEqual([]); // and nothing followed it, with or without the key
  });
});
