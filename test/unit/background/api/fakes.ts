/**
 * Test doubles for the API client: a recording fake fetch answering real `Response` objects, and a
 * fake clock whose sleep advances time instantly (no timing in unit tests).
 */
import { createApiClient, type ApiConfig } from '@/src/background/api';

export interface Call {
  method: string;
  url: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
}

export type Answer = Response | 'reject' | 'hang';
export type Handler = (call: Call, index: number) => Answer | Promise<Answer>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function text(status: number, body: string | null, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers });
}

/** A fetch that records calls and answers from `handler` (by call, or a list used in order). */
export function fakeFetch(handler: Handler | Answer[]) {
  const calls: Call[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const u = new URL(String(input));
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    const call: Call = {
      method: init.method ?? 'GET',
      url: u.href,
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? undefined,
    };
    const index = calls.push(call) - 1;
    // A list answers in order and repeats its last entry (cloned: a body can be read once).
    const listed = Array.isArray(handler) ? handler[Math.min(index, handler.length - 1)]! : null;
    const a = listed instanceof Response ? listed.clone() : (listed ?? (await (handler as Handler)(call, index)));
    if (a === 'reject') throw new TypeError('fetch failed');
    if (a === 'hang') {
      return new Promise<Response>((_, reject) => {
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (call.signal?.aborted) abort();
        call.signal?.addEventListener('abort', abort);
      });
    }
    return a;
  };
  return { fetch: fn as typeof fetch, calls };
}

export function fakeClock(start = Date.UTC(2025, 0, 1)) {
  let t = start;
  const sleeps: number[] = [];
  return {
    now: () => t,
    advance: (ms: number) => (t += ms),
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
  };
}

export const BASE = 'https://scan.example.com';
export const KEY = 'll_test_key_123';
export const UUID = '0f8e4c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
export const SCAN_ID = `scn_${UUID}`;

export const completedJob = (over: Record<string, unknown> = {}) => ({
  id: SCAN_ID,
  url: 'https://phish.example/',
  state: 'COMPLETED',
  createdAt: '2025-01-01T00:00:00.000Z',
  result: {
    riskScore: 88,
    confidence: 0.93,
    categories: ['phishing'],
    reasoning: 'Looks like a bank.',
    indicators: [],
  },
  ...over,
});

export const queuedJob = (over: Record<string, unknown> = {}) => ({
  id: SCAN_ID,
  url: 'https://a.example/',
  state: 'QUEUED',
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

/** A client with the fakes wired in; random fixed at 0.5 unless given. */
export function makeClient(handler: Handler | Answer[], over: Partial<ApiConfig> = {}) {
  const f = fakeFetch(handler);
  const clock = fakeClock();
  const client = createApiClient({
    baseUrl: BASE,
    apiKey: KEY,
    fetch: f.fetch,
    sleep: clock.sleep,
    now: clock.now,
    random: () => 0.5,
    timeoutMs: 50,
    ...over,
  });
  return { client, calls: f.calls, clock };
}

/** An event-stream Response whose body yields `chunks` (strings), then closes or errors or hangs. */
export function sseResponse(
  chunks: string[],
  end: 'close' | 'error' | 'hang' = 'close',
  contentType = 'text/event-stream',
): Response {
  const enc = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (i < chunks.length) {
        ctl.enqueue(enc.encode(chunks[i++]!));
        return;
      }
      if (end === 'close') ctl.close();
      else if (end === 'error') ctl.error(new TypeError('terminated'));
      else return new Promise<void>(() => undefined); // never delivers: a silent stream
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': contentType } });
}

export async function collect<T>(gen: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of gen) out.push(x);
  return out;
}
