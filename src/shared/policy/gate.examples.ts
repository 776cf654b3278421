/**
 * Example table for gateUrl: one group per outcome. A row's settings are the
 * defaults made "configured" (BASE) plus the row's overrides. Tested in gate.test.ts, where each
 * row must give exactly its own outcome (so it is a negative for every other rule).
 */
import type { SkipReason } from '../verdict';
import { DEFAULT_SETTINGS, type Settings } from './settings';
import type { GateContext } from './gate';

export const GATE_BASE_SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  serviceUrl: 'https://scan.example.org',
  apiKey: 'sk_test_key',
};

export interface GateExample {
  raw: string;
  settings?: Partial<Settings>;
  ctx?: GateContext;
  /** The URL sent (or recorded with the skip). */
  url?: string;
}

export const GATE_EXAMPLES: Readonly<
  Record<SkipReason | 'send' | 'blocklist' | 'suffix-list', readonly GateExample[]>
> = {
  send: [
    { raw: 'https://example.com/login?next=%2F#top', url: 'https://example.com/login' },
    { raw: 'https://example.com/s?q=1', settings: { stripQuery: false }, url: 'https://example.com/s?q=1' },
    { raw: 'http://phish-bank.test:8080/', url: 'http://phish-bank.test:8080/' },
    { raw: 'https://example.com/', ctx: { windowKind: 'normal' }, url: 'https://example.com/' },
    {
      raw: 'https://example.com/',
      ctx: { windowKind: 'private' },
      settings: { scanIncognito: true },
      url: 'https://example.com/',
    },
    { raw: 'http://192.168.1.1/admin', settings: { scanPrivateHosts: true }, url: 'http://192.168.1.1/admin' },
  ],
  // The policy is a floor (docs/decisions/005-policy-floor.md): the block lists hold in every state that would otherwise skip the service.
  blocklist: [
    {
      raw: 'https://bad.example.com/',
      settings: { allowlist: ['example.com'], blocklist: ['bad.example.com'] },
      url: 'https://bad.example.com/',
    },
    {
      raw: 'https://login.evil.example/x',
      settings: { blocklist: ['evil.example'] },
      url: 'https://login.evil.example/x',
    },
    {
      raw: 'https://evil.example/',
      settings: { blocklist: ['evil.example'] },
      ctx: { paused: true },
      url: 'https://evil.example/',
    },
    {
      raw: 'https://evil.example/',
      settings: { blocklist: ['evil.example'], apiKey: '' },
      url: 'https://evil.example/',
    },
    {
      raw: 'https://evil.example/',
      settings: { blocklist: ['evil.example'], serviceUrl: '' },
      ctx: { paused: true, windowKind: 'private' },
      url: 'https://evil.example/',
    },
    {
      raw: 'https://evil.example/',
      settings: { blocklist: ['evil.example'] },
      ctx: { windowKind: 'private' },
      url: 'https://evil.example/',
    },
    { raw: 'http://jira.corp/', settings: { blocklist: ['jira.corp'] }, url: 'http://jira.corp/' },
    { raw: 'http://192.168.1.1/', settings: { blocklist: ['192.168.1.1'] }, url: 'http://192.168.1.1/' },
    {
      raw: 'https://evil.example/',
      settings: { blocklist: ['evil.example'], allowlist: ['evil.example'] },
      url: 'https://evil.example/',
    },
    {
      raw: 'https://evil.example/',
      settings: { blocklist: ['evil.example'] },
      ctx: { suffixListFailed: true },
      url: 'https://evil.example/',
    }, // needs no list
  ],
  // A damaged package (public/psl.txt unreadable): no host is told public or private by a guess.
  'suffix-list': [
    { raw: 'https://example.com/', ctx: { suffixListFailed: true }, url: 'https://example.com/' },
    { raw: 'http://jira.corp/', ctx: { suffixListFailed: true }, url: 'http://jira.corp/' }, // not "intranet" by a guess
    {
      raw: 'http://192.168.1.1/',
      settings: { scanPrivateHosts: true },
      ctx: { suffixListFailed: true },
      url: 'http://192.168.1.1/',
    },
    {
      raw: 'https://example.com/',
      settings: { allowlist: ['example.com'], apiKey: '' },
      ctx: { suffixListFailed: true },
      url: 'https://example.com/',
    },
  ],
  'not-configured': [
    { raw: 'https://example.com/', settings: { apiKey: '' }, url: 'https://example.com/' },
    { raw: 'https://example.com/', settings: { serviceUrl: '   ' }, url: 'https://example.com/' },
    {
      raw: 'http://phish-bank.test:8080/',
      settings: { apiKey: '', blocklist: ['evil.example'] },
      url: 'http://phish-bank.test:8080/',
    },
  ],
  paused: [
    { raw: 'https://example.com/', ctx: { paused: true }, url: 'https://example.com/' },
    { raw: 'https://example.com/', ctx: { paused: true, windowKind: 'private' }, url: 'https://example.com/' }, // before incognito
    { raw: 'http://127.0.0.1/', settings: { apiKey: '' }, ctx: { paused: true }, url: 'http://127.0.0.1/' }, // before host rules and "not configured"
    { raw: 'https://example.com/', ctx: { paused: true, suffixListFailed: true }, url: 'https://example.com/' }, // a pause needs no list
  ],
  scheme: [
    { raw: 'chrome://extensions/' },
    { raw: 'about:blank' },
    { raw: 'javascript:void(0)' },
    { raw: 'file:///home/a.pdf' },
    { raw: 'chrome://settings', ctx: { paused: true }, settings: { apiKey: '' } }, // not a web page, whatever the state
    { raw: 'about:blank', ctx: { suffixListFailed: true } },
  ],
  'invalid-url': [{ raw: 'not a url' }, { raw: 'http://exa mple.com/' }, { raw: '' }],
  incognito: [
    { raw: 'https://example.com/', ctx: { windowKind: 'private' }, url: 'https://example.com/' },
    { raw: 'http://127.0.0.1/', ctx: { windowKind: 'private' }, url: 'http://127.0.0.1/' }, // incognito before host rules
    { raw: 'https://example.com/', ctx: { windowKind: 'unknown' }, url: 'https://example.com/' }, // unknown counts as private
  ],
  loopback: [
    { raw: 'http://localhost:3000/', url: 'http://localhost:3000/' },
    { raw: 'http://127.1/', url: 'http://127.0.0.1/' },
    { raw: 'http://2130706433/', url: 'http://127.0.0.1/' },
    { raw: 'http://[::1]/', url: 'http://[::1]/' },
    { raw: 'http://example.com@0x7f.0.0.1/', url: 'http://127.0.0.1/' }, // userinfo decoy
    { raw: 'http://localhost/', settings: { serviceUrl: '' }, url: 'http://localhost/' }, // never sent, so not "not configured"
  ],
  'private-host': [
    { raw: 'http://192.168.1.1/', url: 'http://192.168.1.1/' },
    { raw: 'http://10.1.2.3:8080/x', url: 'http://10.1.2.3:8080/x' },
    { raw: 'http://100.64.0.7/', url: 'http://100.64.0.7/' },
    { raw: 'http://[fd00::5]/', url: 'http://[fd00::5]/' },
    { raw: 'http://[::ffff:192.168.0.1]/', url: 'http://[::ffff:c0a8:1]/' },
  ],
  'link-local': [
    { raw: 'http://169.254.169.254/latest/meta-data/', url: 'http://169.254.169.254/latest/meta-data/' },
    { raw: 'http://[fe80::1]/', url: 'http://[fe80::1]/' },
  ],
  intranet: [
    { raw: 'http://intranet/', url: 'http://intranet/' },
    { raw: 'https://nas.local/', url: 'https://nas.local/' },
    { raw: 'https://jira.corp/browse/X-1', url: 'https://jira.corp/browse/X-1' },
    { raw: 'https://db.internal/', url: 'https://db.internal/' },
  ],
  allowlisted: [
    { raw: 'https://docs.example.com/a', settings: { allowlist: ['example.com'] }, url: 'https://docs.example.com/a' },
    {
      raw: 'https://docs.example.com/a',
      settings: { allowlist: ['example.com'], blocklist: ['evil.example'] },
      url: 'https://docs.example.com/a',
    },
    { raw: 'https://example.com/', settings: { allowlist: ['example.com'], apiKey: '' }, url: 'https://example.com/' }, // before "not configured"
    { raw: 'https://example.com/', settings: { allowlist: ['https://example.com/'] }, url: 'https://example.com/' },
  ],
  // Reasons decided elsewhere (per-trigger switches, "proceed anyway" exceptions): no gate rows.
  disabled: [],
  exception: [],
};
