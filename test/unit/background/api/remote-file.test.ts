/** Reading a remote policy file: the request it makes, and what each answer comes to (remote-file.ts). */
import { describe, expect, it } from 'vitest';
import { fetchRemoteFile } from '@/src/background/api/remote-file';

interface Call {
  url: string;
  init: RequestInit;
}

function server(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return answer(call);
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

const redirectedTo = (res: Response, url: string) =>
  Object.defineProperties(res, { redirected: { value: true }, url: { value: url } });

describe('fetchRemoteFile', () => {
  it('asks with If-None-Match and no cookies, and hands back the body and the ETag', async () => {
    const s = server(() => new Response('evil.example\n', { status: 200, headers: { ETag: '"v2"' } }));
    const r = await fetchRemoteFile('https://it.example/feed.txt', { etag: '"v1"', limit: 1000, fetch: s.fetch });
    expect(r).toEqual({ kind: 'ok', text: 'evil.example\n', etag: '"v2"' });
    expect(s.calls[0]!.url).toBe('https://it.example/feed.txt');
    expect(s.calls[0]!.init).toMatchObject({ method: 'GET', credentials: 'omit', cache: 'no-store' });
    expect((s.calls[0]!.init.headers as Record<string, string>)['If-None-Match']).toBe('"v1"');
  });

  it('sends no If-None-Match without a copy', async () => {
    const s = server(() => new Response('x', { status: 200 }));
    await fetchRemoteFile('https://it.example/feed.txt', { etag: null, limit: 1000, fetch: s.fetch });
    expect(s.calls[0]!.init.headers as Record<string, string>).not.toHaveProperty('If-None-Match');
  });

  it.each([
    ['304', () => new Response(null, { status: 304 }), { kind: 'not-modified' }],
    ['503', () => new Response('down', { status: 503 }), { kind: 'http', status: 503 }],
    ['a body over the limit', () => new Response('x'.repeat(2000), { status: 200 }), { kind: 'too-large' }],
    [
      'a declared length over the limit',
      () => new Response('x', { status: 200, headers: { 'Content-Length': '5000' } }),
      { kind: 'too-large' },
    ],
    [
      'a redirect to plain http elsewhere',
      () => redirectedTo(new Response('evil.example', { status: 200 }), 'http://mirror.example/feed.txt'),
      { kind: 'redirect-refused' },
    ],
    [
      'a redirect to another https address',
      () => redirectedTo(new Response('a.example', { status: 200 }), 'https://cdn.example/feed.txt'),
      { kind: 'ok', text: 'a.example', etag: null },
    ],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch')), { kind: 'unreachable' }],
  ] as const)('%s', async (_n, answer, expected) => {
    const s = server(answer as () => Response);
    expect(await fetchRemoteFile('https://it.example/feed.txt', { etag: null, limit: 1000, fetch: s.fetch })).toEqual(
      expected,
    );
  });

  it('fetches nothing from an address the rule refuses', async () => {
    const s = server(() => new Response('x'));
    expect(await fetchRemoteFile('https://u:p@it.example/f', { etag: null, limit: 1000, fetch: s.fetch })).toEqual({
      kind: 'redirect-refused',
    });
    expect(s.calls).toEqual([]);
  });
});
