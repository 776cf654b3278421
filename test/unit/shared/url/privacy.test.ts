import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyHost, type HostClass } from '@/src/shared/url/privacy';
import { HOST_CLASS_EXAMPLES, PUBLIC_IN_TEST_BUILDS } from '@/src/shared/url/privacy.examples';
import { normalizeUrl } from '@/src/shared/url/normalize';
import { anyV4, dotted, nonPublicV6, privateName, refClassV4, spellV4, spellV6 } from '../arbitraries';

const CLASSES = Object.keys(HOST_CLASS_EXAMPLES) as HostClass[];
/** As the shipped build classifies (no test top-level domains). */
const shipped = (h: string) => classifyHost(h, { publicTestTlds: [] });

describe('classifyHost example table', () => {
  for (const cls of CLASSES) {
    describe(cls, () => {
      it.each(HOST_CLASS_EXAMPLES[cls].map((h) => [h]))('%s', (h) => {
        expect(shipped(h)).toBe(cls);
      });
    });
  }

  it.each(PUBLIC_IN_TEST_BUILDS.hosts.map((h) => [h]))('%s is public in a test build only', (h) => {
    expect(classifyHost(h, { publicTestTlds: PUBLIC_IN_TEST_BUILDS.tlds })).toBe('public');
    expect(shipped(h)).toBe('intranet');
  });

  it('each class is a negative for every other class', () => {
    for (const cls of CLASSES) {
      for (const other of CLASSES.filter((c) => c !== cls)) {
        for (const h of HOST_CLASS_EXAMPLES[other]) expect(shipped(h), `${h} (${other})`).not.toBe(cls);
      }
    }
  });

  it('classifies the normalized host of a URL the same as the raw spelling', () => {
    for (const cls of CLASSES) {
      for (const h of HOST_CLASS_EXAMPLES[cls]) {
        const bracketed = h.includes(':') && !h.startsWith('[') && !/^[^:]*:\d+$/.test(h) ? `[${h}]` : h;
        const n = normalizeUrl(`http://${bracketed}/`, { stripQuery: true });
        if (n.ok) expect(shipped(n.host), `${h} → ${n.host}`).toBe(cls);
      }
    }
  });
});

describe('classifyHost properties', () => {
  it('agrees with an independent CIDR table for IPv4 in every WHATWG spelling', () => {
    fc.assert(
      fc.property(
        anyV4.chain((v) => spellV4(v).map((s) => [v, s] as const)),
        ([v, spelled]) => {
          expect(classifyHost(spelled)).toBe(refClassV4(v));
          // ...and the browser's own parser reads the spelling as the same address.
          expect(new URL(`http://${spelled}/`).hostname).toBe(dotted(v));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('never calls a non-public IPv6 literal public, in any text form', () => {
    fc.assert(
      fc.property(nonPublicV6, fc.boolean(), (spelled, brackets) => {
        expect(classifyHost(brackets ? `[${spelled}]` : spelled)).not.toBe('public');
      }),
      { numRuns: 2000 },
    );
  });

  it('classifies IPv4-mapped IPv6 like the IPv4 address inside', () => {
    fc.assert(
      fc.property(
        anyV4.chain((v) =>
          fc
            .boolean()
            .chain((d) => spellV6([0, 0, 0, 0, 0, 0xffff, v >>> 16, v & 0xffff], d))
            .map((s) => [v, s] as const),
        ),
        ([v, spelled]) => {
          const expected = refClassV4(v);
          expect(classifyHost(`[${spelled}]`)).toBe(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('classifies 6to4 and Teredo (with a public server) like the IPv4 address inside', () => {
    fc.assert(
      fc.property(anyV4, fc.integer({ min: 0, max: 0xffff }), (v, port) => {
        const sixToFour = `2002:${(v >>> 16).toString(16)}:${(v & 0xffff).toString(16)}::1`;
        const inv = ~v >>> 0;
        const teredo = `2001:0:4136:e378:8000:${port.toString(16)}:${(inv >>> 16).toString(16)}:${(inv & 0xffff).toString(16)}`;
        expect(classifyHost(`[${sixToFour}]`)).toBe(refClassV4(v));
        expect(classifyHost(`[${teredo}]`)).toBe(refClassV4(v));
      }),
      { numRuns: 1000 },
    );
  });

  it('never calls a private name public', () => {
    fc.assert(
      fc.property(privateName, fc.boolean(), (name, upper) => {
        expect(classifyHost(upper ? name.toUpperCase() : name)).not.toBe('public');
      }),
    );
  });

  it('never throws on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(CLASSES).toContain(classifyHost(s));
      }),
      { numRuns: 2000 },
    );
  });
});
