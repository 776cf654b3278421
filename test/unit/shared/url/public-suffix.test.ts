// Our public suffix matcher (docs/decisions/009-bundle-weight.md) against the list's own test file, our private-section
// examples, and tldts (which it replaces in the extension) for every rule of the list.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'tldts';
import { publicSuffixOf, registrableOf } from '@/src/shared/url/public-suffix';
import { PSL_TEST_CASES, SUFFIX_EXAMPLES } from '@/src/shared/url/public-suffix.examples';
import { OUT_FILE, generate, tldtsRules } from '../../../../scripts/gen-public-suffix.mjs';

describe('public suffix list test file (test_psl.txt)', () => {
  it.each(PSL_TEST_CASES)('%s → %s', (host, domain) => {
    expect(registrableOf(host)).toBe(domain);
  });
});

describe('our examples', () => {
  it.each(SUFFIX_EXAMPLES)('$host (private rules: $privateRules)', ({ host, privateRules, expected }) => {
    expect(publicSuffixOf(host, { privateRules })).toEqual(expected);
  });
});

describe('same answers as tldts for every rule of the list', () => {
  it('each rule, one and two labels below it, ICANN section alone and with the private section', async () => {
    const rules = await tldtsRules();
    expect(rules.length).toBeGreaterThan(10_000);
    expect(rules.filter(([, section]) => section === 2).length).toBeGreaterThan(3000);
    const differences: string[] = [];
    let compared = 0;
    for (const [rule] of rules) {
      const base = rule.replace(/\*/g, 'wild');
      for (const host of [base, `x.${base}`, `y.x.${base}`, `www.${base}`]) {
        for (const privateRules of [true, false]) {
          const theirs = parse(host, { allowPrivateDomains: privateRules });
          const ours = publicSuffixOf(host, { privateRules });
          const want = {
            suffix: theirs.publicSuffix,
            domain: theirs.domain,
            icann: theirs.isIcann === true,
            priv: theirs.isPrivate === true,
          };
          const got = {
            suffix: ours?.suffix ?? null,
            domain: ours?.domain ?? null,
            icann: ours?.icann ?? false,
            priv: (ours?.listed ?? false) && !ours?.icann,
          };
          compared += 1;
          if (JSON.stringify(want) !== JSON.stringify(got))
            differences.push(`${host} ${privateRules}: tldts ${JSON.stringify(want)} ours ${JSON.stringify(got)}`);
        }
      }
    }
    expect(compared).toBeGreaterThan(80_000);
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it('the generated table is the one the installed tldts gives (re-run scripts/gen-public-suffix.mjs)', async () => {
    expect(readFileSync(OUT_FILE, 'utf8')).toBe(await generate());
  });
});
