import { describe, expect, it } from 'vitest';
import {
  committed,
  EMPTY_CHAIN,
  findHop,
  MAX_HOPS,
  redirected,
  started,
  type Chain,
} from '@/src/shared/url/redirect-chain';
import { CHAIN_EXAMPLES, type ChainEvent } from '@/src/shared/url/redirect-chain.examples';

function play(events: ChainEvent[]): Chain {
  let c = EMPTY_CHAIN;
  for (const e of events) {
    if (e[0] === 'start') c = started(c, e[1]);
    else if (e[0] === 'redirect') c = redirected(c, e[1], e[2]);
    else c = committed(c, e[1], e.slice(2));
  }
  return c;
}

describe('redirect chain example table', () => {
  it.each(CHAIN_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    const c = play(e.events);
    expect(c).toEqual({ committed: e.committed, pending: e.pending });
    for (const [url, expected] of e.finds) expect(findHop(c, (h) => h === url)).toEqual(expected);
  });
});

describe('redirect chain bounds', () => {
  it('a redirect loop keeps the first hop and the latest ones', () => {
    const events: ChainEvent[] = [['start', 'http://a.test/0']];
    for (let i = 0; i < 100; i++) events.push(['redirect', `http://a.test/${i}`, `http://a.test/${i + 1}`]);
    const c = play(events);
    expect(c.pending).toHaveLength(MAX_HOPS);
    expect(c.pending![0]).toBe('http://a.test/0');
    expect(c.pending!.at(-1)).toBe('http://a.test/100');
  });

  it('client redirects in a loop stay bounded too', () => {
    const events: ChainEvent[] = [
      ['start', 'http://a.test/0'],
      ['commit', 'http://a.test/0'],
    ];
    for (let i = 1; i < 60; i++)
      events.push(['start', `http://a.test/${i}`], ['commit', `http://a.test/${i}`, 'client_redirect']);
    const c = play(events);
    expect(c.committed).toHaveLength(MAX_HOPS);
    expect(c.committed[0]).toBe('http://a.test/0');
  });
});
