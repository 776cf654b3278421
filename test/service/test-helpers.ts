/**
 * Helpers for the service's own tests: plain fetch calls, waiting for a terminal state, reading an
 * event stream as raw text. Kept tiny on purpose: these tests check the server, not a client.
 */
import type { ScanningService } from './server';

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** Raw body text (sent as-is, overrides body). */
  raw?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body; undefined when the text is not JSON. */
  json: any;
}

export async function call(
  svc: ScanningService,
  method: string,
  path: string,
  o: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...o.headers };
  const key = o.key === undefined ? svc.demoKey : o.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (o.raw !== undefined) body = o.raw;
  else if (o.body !== undefined) body = JSON.stringify(o.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
    headers['Content-Type'] = 'application/json';
  const res = await fetch(svc.baseUrl + path, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const bare = (id: string): string => id.replace(/^scn_/, '');

/** Poll GET /v1/scans/{id} until COMPLETED or FAILED (the deadline guards a broken server only). */
export async function waitTerminal(svc: ScanningService, id: string, deadlineMs = 10_000): Promise<any> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const r = await call(svc, 'GET', `/v1/scans/${bare(id)}`);
    if (r.status !== 200) throw new Error(`GET scan answered ${r.status}: ${r.text}`);
    if (r.json.state === 'COMPLETED' || r.json.state === 'FAILED') return r.json;
    if (Date.now() > end) throw new Error(`scan ${id} still ${r.json.state}`);
    await new Promise((res) => setTimeout(res, 15));
  }
}

export interface StreamRead {
  status: number;
  contentType: string | null;
  text: string;
  /** end: the server ended the response; error: the connection broke; open: still open at `maxMs`. */
  ending: 'end' | 'error' | 'open';
}

/**
 * Read an event stream as raw text until it ends, breaks, or `maxMs` passes (then it is aborted).
 * `onText` may stop early by returning true (the stream is aborted and reported 'open').
 */
export async function readStream(
  url: string,
  key: string,
  maxMs: number,
  onText?: (text: string) => boolean,
): Promise<StreamRead> {
  const ctrl = new AbortController();
  const res = await fetch(url, {
    headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' },
    signal: ctrl.signal,
  });
  const out: StreamRead = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    text: '',
    ending: 'open',
  };
  if (!res.body) return { ...out, ending: 'end' };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, maxMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        out.ending = 'end';
        break;
      }
      out.text += decoder.decode(value, { stream: true });
      if (onText?.(out.text)) {
        ctrl.abort();
        break;
      }
    }
  } catch {
    out.ending = timedOut ? 'open' : 'error';
  } finally {
    clearTimeout(timer);
  }
  return out;
}

/** `data:` payloads of complete `event: state` frames, parsed. */
export function stateFrames(text: string): any[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: state\n'))
    .flatMap((block) => {
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      try {
        return data ? [JSON.parse(data.slice('data: '.length))] : [];
      } catch {
        return []; // a frame cut by a dropped connection
      }
    });
}

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const SCAN_ID = /^scn_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
