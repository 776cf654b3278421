import { publicSuffixOf } from '@/src/shared/url/public-suffix';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gateUrl } from '@/src/shared/policy/gate';
import type { WindowKind } from '@/src/shared/window-kind';
import { GATE_BASE_SETTINGS, GATE_EXAMPLES } from '@/src/shared/policy/gate.examples';
import { anyV4, nonPublicV4, nonPublicV6, privateName, refClassV4, spellV4 } from '../arbitraries';

const OUTCOMES = Object.keys(GATE_EXAMPLES) as Array<keyof typeof GATE_EXAMPLES>;
const PRIVATE_REASONS = ['loopback', 'private-host', 'link-local', 'intranet'];
const windowKind = fc.constantFrom<WindowKind | undefined>('private', 'normal', 'unknown', undefined);

describe('gateUrl example table', () => {
  for (const outcome of OUTCOMES) {
    const rows = GATE_EXAMPLES[outcome];
    if (rows.length === 0) continue;
    describe(outcome, () => {
      it.each(rows.map((r) => [r.raw, r] as const))('%j', (_raw, row) => {
        const r = gateUrl(row.raw, { ...GATE_BASE_SETTINGS, ...row.settings }, row.ctx ?? {});
        if (outcome === 'send') {
          expect(r).toEqual({ send: true, url: row.url, host: new URL(row.url!).hostname });
        } else {
          expect(r.send).toBe(false);
          expect(r.send === false && r.reason).toBe(outcome);
          if (row.url !== undefined) expect(r.url).toBe(row.url);
        }
      });
    });
  }

  it('every row gives its own outcome and no other (rows are negatives for the other rules)', () => {
    for (const outcome of OUTCOMES) {
      for (const row of GATE_EXAMPLES[outcome]) {
        const r = gateUrl(row.raw, { ...GATE_BASE_SETTINGS, ...row.settings }, row.ctx ?? {});
        const got = r.send ? 'send' : r.reason;
        for (const other of OUTCOMES.filter((o) => o !== outcome)) expect(got, `${row.raw}`).not.toBe(other);
      }
    }
  });

  it('accepts a context-less call (ctx defaults to {})', () => {
    expect(gateUrl('https://example.com/', GATE_BASE_SETTINGS, {}).send).toBe(true);
  });
});

/** Wrap a host the way a link could: plain, with port, path, query, or a userinfo decoy. */
const asUrl = (host: fc.Arbitrary<string>) =>
  fc
    .tuple(
      host,
      fc.constantFrom('http', 'https', 'HTTP'),
      fc.constantFrom('', ':8080', ':80', ':443'),
      fc.constantFrom('', 'www.example.com@', 'user:pass@', 'google.com:443@'),
      fc.constantFrom('/', '/admin?x=1', '/#frag'),
    )
    .map(([h, s, port, userinfo, path]) => `${s}://${userinfo}${h}${port}${path}`);

const privateHostUrl = fc.oneof(
  asUrl(nonPublicV4.chain(spellV4)),
  asUrl(nonPublicV6.map((h) => `[${h}]`)),
  asUrl(privateName),
);

describe('gateUrl properties', () => {
  it('never sends a private host when scanPrivateHosts is off', () => {
    fc.assert(
      fc.property(privateHostUrl, fc.boolean(), windowKind, (url, stripQuery, kind) => {
        const r = gateUrl(
          url,
          { ...GATE_BASE_SETTINGS, stripQuery, scanIncognito: true, scanPrivateHosts: false },
          { windowKind: kind },
        );
        expect(r.send, url).toBe(false);
        if (!r.send) expect(PRIVATE_REASONS).toContain(r.reason);
      }),
      { numRuns: 2000 },
    );
  });

  it('skips a private host for its class even when it is also on the allowlist', () => {
    fc.assert(
      fc.property(privateHostUrl, (url) => {
        const r = gateUrl(url, { ...GATE_BASE_SETTINGS, allowlist: [url] }, {});
        expect(r.send).toBe(false);
        if (!r.send) expect(PRIVATE_REASONS).toContain(r.reason);
      }),
    );
  });

  it('a blocklisted host is blocked in every state: paused, not configured, incognito, private, allowlisted', () => {
    const hostUrl = fc.oneof(
      privateHostUrl,
      fc.domain().map((d) => `https://${d}/path`),
    );
    fc.assert(
      fc.property(
        hostUrl,
        fc.boolean(),
        windowKind,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (url, paused, kind, configured, allowlisted, scanPrivateHosts) => {
          const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
          // A list entry with a user name whose host is a whole public suffix (`http://u:p@aq/`) is
          // no entry at all (site.ts: read as a URL it would name the suffix), so it blocks nothing.
          const u = new URL(url);
          const suffix = publicSuffixOf(host, { privateRules: true });
          fc.pre(!((u.username || u.password) && suffix !== null && suffix.domain === null && suffix.listed));
          const s = {
            ...GATE_BASE_SETTINGS,
            apiKey: configured ? 'k' : '',
            scanPrivateHosts,
            blocklist: [url],
            allowlist: allowlisted ? [url] : [],
          };
          const r = gateUrl(url, s, { paused, windowKind: kind });
          expect(r, `${url} (${host})`).toMatchObject({ send: false, reason: 'blocklist' });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('sends an IPv4 host exactly when an independent table says it is public', () => {
    fc.assert(
      fc.property(
        anyV4.chain((v) => spellV4(v).map((s) => [v, s] as const)),
        ([v, spelled]) => {
          const r = gateUrl(`http://${spelled}/`, GATE_BASE_SETTINGS, {});
          expect(r.send).toBe(refClassV4(v) === 'public');
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never sends anything when not configured or paused', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.domain().map((d) => `https://${d}/`),
          fc.string(),
        ),
        fc.boolean(),
        (url, paused) => {
          const s = paused ? GATE_BASE_SETTINGS : { ...GATE_BASE_SETTINGS, apiKey: '' };
          expect(gateUrl(url, s, { paused }).send).toBe(false);
        },
      ),
    );
  });
});
