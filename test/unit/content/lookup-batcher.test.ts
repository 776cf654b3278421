import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LookupBatcher } from '@/src/content/lookup-batcher';
import type { LinkInfo, Reply } from '@/src/shared/messaging/protocol';
import { MAX_BATCH } from '@/src/shared/messaging/protocol';

const verdict: LinkInfo = { status: 'verdict', action: 'warn', band: 'high', riskScore: 60 };

describe('LookupBatcher', () => {
  let sent: string[][];
  let infos: Map<string, LinkInfo>[];
  let reply: (urls: string[]) => Reply<unknown>;
  let batcher: LookupBatcher;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    infos = [];
    reply = (urls) => ({ ok: true, data: Object.fromEntries(urls.map((u) => [u, { status: 'unknown' }])) });
    batcher = new LookupBatcher({
      send: async (urls) => {
        sent.push(urls);
        return reply(urls);
      },
      onInfos: (m) => infos.push(m),
      setTimer: (cb, ms) => setTimeout(cb, ms) as unknown as number,
    });
  });
  afterEach(() => vi.useRealTimers());

  const urls = (n: number, prefix = 'https://x.test/') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  it('sends one links.lookup message per batch of up to MAX_BATCH URLs', async () => {
    for (const u of urls(1200)) batcher.enqueue(u);
    await vi.runAllTimersAsync();
    expect(sent.map((b) => b.length)).toEqual([MAX_BATCH, MAX_BATCH, 200]);
    expect(new Set(sent.flat()).size).toBe(1200);
  });

  it('does not queue a URL twice', async () => {
    batcher.enqueue('https://a.test/');
    batcher.enqueue('https://a.test/');
    await vi.runAllTimersAsync();
    expect(sent).toEqual([['https://a.test/']]);
  });

  it('sends promoted links (pointer or focus on them) first', async () => {
    for (const u of urls(600)) batcher.enqueue(u);
    batcher.promote('https://x.test/599');
    batcher.promote('https://x.test/598');
    await vi.runAllTimersAsync();
    expect(sent[0]!.slice(0, 2)).toEqual(['https://x.test/599', 'https://x.test/598']);
  });

  it('passes on valid entries for URLs it sent and drops the rest', async () => {
    reply = () => ({
      ok: true,
      data: {
        'https://a.test/': verdict,
        'https://b.test/': { status: 'made-up' },
        'https://not-asked.test/': verdict,
      },
    });
    batcher.enqueue('https://a.test/');
    batcher.enqueue('https://b.test/');
    await vi.runAllTimersAsync();
    expect(infos).toHaveLength(1);
    expect([...infos[0]!.keys()]).toEqual(['https://a.test/']);
  });

  it('retries a failed batch a bounded number of times, then gives its URLs up', async () => {
    const givenUp: string[][] = [];
    batcher = new LookupBatcher({
      send: async (u) => (sent.push(u), { ok: false, error: { code: 'no_reply', message: 'gone' } }),
      onInfos: (m) => infos.push(m),
      onGiveUp: (u) => givenUp.push([...u]),
      setTimer: (cb, ms) => setTimeout(cb, ms) as unknown as number,
    });
    batcher.enqueue('https://a.test/');
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(3);
    expect(infos).toEqual([]);
    expect(givenUp).toEqual([['https://a.test/']]);
  });

  it('survives a reply that is not an object', async () => {
    reply = () => ({ ok: true, data: 'nonsense' });
    batcher.enqueue('https://a.test/');
    await vi.runAllTimersAsync();
    expect(infos).toEqual([]);
  });

  it('sends nothing after stop()', async () => {
    batcher.enqueue('https://a.test/');
    batcher.stop();
    await vi.runAllTimersAsync();
    expect(sent).toEqual([]);
  });
});
