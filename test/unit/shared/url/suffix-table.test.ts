// The public suffix table as packaged data (docs/decisions/009-bundle-weight.md): the file's parser refuses a damaged
// file whole, the loader reads once, a question before the read waits for it, and nothing
// answers from a table that is not there.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  installSuffixTable,
  loadSuffixTable,
  parseSuffixTable,
  resetSuffixTableForTests,
  SuffixTableError,
  suffixTableProblem,
  whenSuffixTable,
} from '@/src/shared/url/suffix-table';
import { publicSuffixOf, registrableOf } from '@/src/shared/url/public-suffix';
import { classifyHost } from '@/src/shared/url/privacy';
import { registrableDomain } from '@/src/shared/url/site';

const FILE = readFileSync(new URL('../../../../public/psl.txt', import.meta.url), 'utf8');

describe('parseSuffixTable', () => {
  it('reads the packaged file: the rules it announces, nested', () => {
    const [, counts] = FILE.split('\n');
    expect(counts).toMatch(/^rules \d{4,} \d{4,}$/);
    const root = parseSuffixTable(FILE);
    expect(root.children?.get('uk')?.children?.has('co')).toBe(true);
  });

  const damaged: [string, string][] = [
    ['empty', ''],
    ['no header', FILE.split('\n').slice(1).join('\n')],
    ['truncated tree', FILE.slice(0, Math.floor(FILE.length * 0.6))],
    // A leaf ICANN rule (no mark, no children) taken out of the tree line: the counts no longer add up.
    [
      'one rule short',
      FILE.split('\n')
        .map((line, i) => (i === 4 ? line.replace(/,[a-z0-9]+,/, ',') : line))
        .join('\n'),
    ],
    ['wrong counts', FILE.replace(/^rules (\d+)/m, (_m, n: string) => `rules ${Number(n) + 1}`)],
    ['a stray closing bracket', FILE.replace(/\n$/, ')\n')],
    ['HTML instead of the list', '<!doctype html><title>404</title>'],
  ];
  it.each(damaged)('refuses a damaged file: %s', (_name, text) => {
    expect(() => parseSuffixTable(text)).toThrow(SuffixTableError);
  });
});

describe('loading once, and waiting for it', () => {
  beforeEach(() => resetSuffixTableForTests());
  afterEach(() => {
    resetSuffixTableForTests();
    installSuffixTable(FILE);
  });

  it('before the table is loaded, nothing answers from a guess: every user of the list throws', () => {
    expect(() => publicSuffixOf('a.example.co.uk', { privateRules: true })).toThrow(SuffixTableError);
    expect(() => registrableOf('alice.github.io')).toThrow(SuffixTableError);
    expect(() => registrableDomain('www.example.com')).toThrow(SuffixTableError);
    expect(() => classifyHost('wiki.intra.mycorp')).toThrow(SuffixTableError);
    // What needs no list still answers.
    expect(classifyHost('192.168.1.1')).toBe('private');
    expect(registrableDomain('10.0.0.1')).toBe('10.0.0.1');
  });

  it('a question asked before the read waits for it, then gets the loaded table', async () => {
    let finishRead: (t: string) => void = () => undefined;
    const order: string[] = [];
    void loadSuffixTable(() => new Promise<string>((r) => (finishRead = r)));
    const asked = whenSuffixTable().then((ok) => {
      order.push('answered');
      return ok ? registrableOf('a.b.example.co.uk') : null;
    });
    // The promise jobs queued so far run: an answer that did not wait would be in by then.
    await new Promise((r) => setImmediate(r));
    order.push('read');
    finishRead(FILE);
    expect(await asked).toBe('example.co.uk');
    expect(order).toEqual(['read', 'answered']);
  });

  it('reads once per life: a second load (or one after an install) reads nothing', async () => {
    let reads = 0;
    const read = async () => {
      reads += 1;
      return FILE;
    };
    await Promise.all([loadSuffixTable(read), loadSuffixTable(read)]);
    await loadSuffixTable(read);
    expect(reads).toBe(1);
    expect(registrableOf('alice.github.io')).toBe('alice.github.io');
  });

  it('a file that cannot be read: the wait ends with false, the reason is kept, and the list still answers nothing', async () => {
    await loadSuffixTable(async () => {
      throw new Error('/psl.txt: HTTP 404');
    });
    expect(await whenSuffixTable()).toBe(false);
    expect(suffixTableProblem()).toMatch(
      /could not load its public suffix list: the list file could not be read \(\/psl\.txt: HTTP 404\)/,
    );
    expect(() => registrableOf('example.com')).toThrow(/HTTP 404/);
  });

  it('a damaged file is refused whole, not half-read', async () => {
    await loadSuffixTable(async () => FILE.slice(0, FILE.length / 2));
    expect(await whenSuffixTable()).toBe(false);
    expect(suffixTableProblem()).toMatch(/damaged/);
    expect(() => publicSuffixOf('example.com', { privateRules: false })).toThrow(SuffixTableError);
  });
});
