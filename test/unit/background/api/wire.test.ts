// Which protocol the service answers over (src/background/api/wire.ts): read from the browser's
// Resource Timing entries of the service's own origin only; unknown counts as HTTP/1.1.
import { describe, expect, it } from 'vitest';
import { createWireWatch, isMultiplexed, type TimingSource } from '@/src/background/api/wire';
import { streamCap, MAX_STREAMS, MAX_STREAMS_MULTIPLEXED } from '@/src/background/engine/stream-slots';

const PROTOCOLS: [string, boolean][] = [
  ['h2', true],
  ['h2c', true],
  ['h3', true],
  ['h3-29', true],
  ['http/1.1', false],
  ['http/1.0', false],
  ['', false],
  ['spdy/3', false],
];

function fakeTiming() {
  let deliver: (entries: { name: string; nextHopProtocol?: string }[]) => void = () => {
    throw new Error('not observing');
  };
  const source: TimingSource = (onEntries) => void (deliver = onEntries);
  return {
    source,
    deliver: (...entries: [string, string | undefined][]) =>
      deliver(entries.map(([name, nextHopProtocol]) => ({ name, nextHopProtocol }))),
  };
}

describe('the protocol an ALPN id names', () => {
  for (const [p, multiplexed] of PROTOCOLS) {
    it(`"${p}" → ${multiplexed ? 'one shared connection' : 'one request per connection (or unknown)'}`, () => {
      expect(isMultiplexed(p)).toBe(multiplexed);
    });
  }
  it('the stream cap follows it', () => {
    expect(streamCap(true)).toBe(MAX_STREAMS_MULTIPLEXED);
    expect(streamCap(false)).toBe(MAX_STREAMS);
  });
});

describe('watching the service’s protocol', () => {
  it('unknown until the browser reports an answer of the service: counts as HTTP/1.1', () => {
    const t = fakeTiming();
    const w = createWireWatch(t.source);
    expect(w.multiplexed()).toBe(false);
    w.watch('https://api.scan.example');
    expect(w.multiplexed()).toBe(false);
    t.deliver(['https://api.scan.example/v1/scans/', 'h2']);
    expect(w.multiplexed()).toBe(true);
  });

  it('only the service’s own origin counts: another host, a look-alike origin, a port, no protocol', () => {
    const t = fakeTiming();
    const w = createWireWatch(t.source);
    w.watch('https://api.scan.example');
    t.deliver(
      ['https://bit.ly/abc', 'h2'],
      ['https://api.scan.example.evil.test/v1/scans/', 'h2'],
      ['https://api.scan.example:8443/v1/scans/', 'h3'],
      ['http://api.scan.example/v1/scans/', 'h2'],
      ['https://api.scan.example/v1/scans/', ''],
      ['https://api.scan.example/v1/scans/', undefined],
    );
    expect(w.multiplexed()).toBe(false);
  });

  it('follows the latest answer, and tells the engine when it changes (only then)', () => {
    const t = fakeTiming();
    const w = createWireWatch(t.source);
    let changes = 0;
    w.onChange(() => changes++);
    w.watch('https://api.scan.example');
    t.deliver(['https://api.scan.example/v1/scans/a', 'h2'], ['https://api.scan.example/v1/scans/b', 'h2']);
    expect([w.multiplexed(), changes]).toEqual([true, 1]);
    // A proxy or a new deployment answers over HTTP/1.1: back to three streams.
    t.deliver(['https://api.scan.example/v1/scans/c', 'http/1.1']);
    expect([w.multiplexed(), changes]).toEqual([false, 2]);
  });

  it('a new service URL starts unknown; the old one is not listened to any more', () => {
    const t = fakeTiming();
    const w = createWireWatch(t.source);
    w.watch('https://old.scan.example');
    t.deliver(['https://old.scan.example/v1/scans/', 'h2']);
    w.watch('https://new.scan.example');
    expect(w.multiplexed()).toBe(false);
    t.deliver(['https://old.scan.example/v1/scans/', 'h3']);
    expect(w.multiplexed()).toBe(false);
    t.deliver(['https://new.scan.example/v1/credits/', 'h3']);
    expect(w.multiplexed()).toBe(true);
  });

  it('a context without Resource Timing: nothing is ever learned, nothing throws', () => {
    const w = createWireWatch(() => {
      /* never calls back */
    });
    w.watch('https://api.scan.example');
    expect(w.multiplexed()).toBe(false);
  });
});
