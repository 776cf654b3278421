import { describe, expect, it } from 'vitest';
import { readManaged } from '@/src/shared/policy/managed';
import { entryHost } from '@/src/shared/url/lookalike/policy-entries';
import { differingRuns } from '@/src/shared/url/lookalike/diff';
import { PLATFORM_FAMILIES, tenantOf } from '@/src/shared/url/lookalike/platforms';
import { TENANT_EXAMPLES } from '@/src/shared/url/lookalike/platforms.examples';
import { DIFF_EXAMPLES, bracketed } from '@/src/shared/url/lookalike/diff.examples';
import { editDistance, isMixedScript, judgeHost, skeleton } from '@/src/shared/url/lookalike';
import {
  LOOKALIKES,
  NEAR_MISSES,
  ORG_ALLOWLIST,
  ORG_DOMAINS,
  ORG_PROTECTED,
  SAMPLE_PROTECTED,
  ascii,
} from '@/src/shared/url/lookalike.examples';

describe('judgeHost: look-alikes warn, with their reason', () => {
  it.each(LOOKALIKES.map((e) => [e.host, e] as const))('%s', (_h, e) => {
    expect(
      judgeHost(ascii(e.host), ORG_PROTECTED, { allowlist: ORG_ALLOWLIST, organizationDomains: ORG_DOMAINS }),
    ).toEqual({ kind: 'lookalike', reason: e.reason, protectedDomain: e.protectedDomain });
  });
});

describe('judgeHost: near-misses never warn', () => {
  it.each(NEAR_MISSES.map((e) => [`${e.host} (${e.why})`, e] as const))('%s', (_h, e) => {
    const v = judgeHost(ascii(e.host.replace(/\.$/, '')), ORG_PROTECTED, {
      allowlist: ORG_ALLOWLIST,
      organizationDomains: ORG_DOMAINS,
    });
    expect(v.kind).toBe(e.expected);
    if (e.protectedDomain) expect(v).toMatchObject({ protectedDomain: e.protectedDomain });
  });
});

describe('judgeHost: edges', () => {
  it('warns about nothing without protected domains, and ignores unusable entries', () => {
    expect(judgeHost('g00gle.com', [])).toEqual({ kind: 'none' });
    expect(judgeHost('g00gle.com', ['', '   ', 'not a host!', 'accounts.google.com'])).toMatchObject({
      kind: 'lookalike',
    });
  });
  it('the organization allowlist wins over a resemblance', () => {
    expect(judgeHost('g00gle.com', SAMPLE_PROTECTED, ['g00gle.com'])).toEqual({
      kind: 'allowlisted',
      entry: 'g00gle.com',
    });
  });
  it('a protected entry may be written *.host', () => {
    expect(judgeHost('login.example.com', ['*.login.example.com'])).toMatchObject({ kind: 'verified' });
  });
});

describe('building blocks', () => {
  it('skeleton maps the homoglyph subset to Latin', () => {
    expect(skeleton('gооgle')).toBe('google'); // Cyrillic о
    expect(skeleton('rnicros0ft')).toBe('microsoft');
    expect(skeleton('раураl')).toBe('paypal'); // Cyrillic р а у
    expect(skeleton('éxample')).toBe('example');
  });
  it('mixed script: Latin with Cyrillic or Greek, not digits or one script alone', () => {
    expect(isMixedScript('gооgle')).toBe(true);
    expect(isMixedScript('gοogle')).toBe(true); // Greek ο
    expect(isMixedScript('google2024-x')).toBe(false);
    expect(isMixedScript('пример')).toBe(false);
    expect(isMixedScript('bücher')).toBe(false);
  });
  it('edit distance counts a swap of neighbours as one edit and stops past the bound', () => {
    expect(editDistance('microsoft', 'micrsooft', 2)).toBe(1);
    expect(editDistance('google', 'gogle', 2)).toBe(1);
    expect(editDistance('google', 'yahoo', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('policy entries', () => {
  it('unusable entries are reported as a policy problem, usable ones kept', () => {
    const r = readManaged({
      protectedSignInDomains: [
        'https://login.example.com/',
        'login.example.com:443',
        '10.0.0.1',
        'intranet',
        'login.example.com',
        'bücher.example',
      ],
      organizationDomains: ['example.net', 'http://x.test/'],
    });
    expect(r.values.protectedSignInDomains).toEqual(['login.example.com', 'bücher.example']);
    expect(r.values.organizationDomains).toEqual(['example.net']);
    expect(r.invalid).toEqual(['protectedSignInDomains', 'organizationDomains']);
    expect(readManaged({ signInLookalikeAction: 'explode' }).invalid).toEqual(['signInLookalikeAction']);
  });
  it('a Unicode entry is taken as the browser spells it (punycode), and protects', () => {
    expect(entryHost('Bücher.Example')).toBe('xn--bcher-kva.example');
    expect(entryHost('*.login.example.com')).toBe('login.example.com');
    expect(judgeHost('xn--bcher-kva.example', ['bücher.example'])).toMatchObject({ kind: 'verified' });
    expect(judgeHost('bucher.example', ['bücher.example'])).toMatchObject({ kind: 'lookalike' });
  });
});

describe('differingRuns: the letters the warning highlights', () => {
  it.each(DIFF_EXAMPLES.map((e) => [`${e.host} (${e.why})`, e] as const))('%s', (_h, e) => {
    expect(bracketed(differingRuns(e.host, e.real))).toBe(e.marked);
  });
  it('an empty host gives nothing; an overlong one is marked whole', () => {
    expect(differingRuns('', 'a.test')).toEqual([]);
    const long = `${'a'.repeat(300)}.test`;
    expect(differingRuns(long, 'a.test')).toEqual([{ text: long, differs: true }]);
  });
});

describe('tenantOf: the platform families', () => {
  it.each(TENANT_EXAMPLES.map((e) => [`${e.host} (${e.why})`, e] as const))('%s', (_h, e) => {
    const t = tenantOf(e.host);
    expect(t ? { family: t.family.family, tenant: t.tenant } : null).toEqual(
      e.family ? { family: e.family, tenant: e.tenant } : null,
    );
  });
  it('every family says where its tenant names are unique', () => {
    for (const f of PLATFORM_FAMILIES) expect(f.source, f.family).toMatch(/^https:\/\//);
  });
});
