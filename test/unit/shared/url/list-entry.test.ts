import { describe, expect, it } from 'vitest';
import { listEntryText, listMatches, parseListEntry } from '@/src/shared/url/list-entry';
import { LIST_ENTRY_EXAMPLES, LIST_MATCH_EXAMPLES } from '@/src/shared/url/list-entry.examples';
import { HOST_ENTRY_EXAMPLES } from '@/src/shared/url/site.examples';
import { parseHostEntry } from '@/src/shared/url/site';

const stored = (entry: string) => {
  const r = parseListEntry(entry);
  return 'error' in r ? r : listEntryText(r);
};

describe('parseListEntry example table', () => {
  it.each(LIST_ENTRY_EXAMPLES.map(([e, x]) => [e.slice(0, 60), e, x] as const))('%s', (_n, entry, expected) => {
    expect(stored(entry)).toEqual(expected);
  });

  it('reads every entry without a path exactly as parseHostEntry does (same validation as hosts)', () => {
    for (const [entry] of HOST_ENTRY_EXAMPLES) {
      if (/^[^/?#]*\/\S/.test(entry.trim()) && !entry.includes('://')) continue; // a path entry
      const host = parseHostEntry(entry);
      expect(stored(entry), entry).toEqual('error' in host ? host : host.host);
    }
  });

  it('stores what it reads: a stored entry parses to itself', () => {
    for (const [entry, expected] of LIST_ENTRY_EXAMPLES)
      if (typeof expected === 'string') expect(stored(expected), entry).toBe(expected);
  });
});

describe('listMatches example table', () => {
  it.each(LIST_MATCH_EXAMPLES.map((e) => [`${e.url} in ${JSON.stringify(e.entries)}`, e] as const))('%s', (_n, e) => {
    const u = new URL(e.url);
    expect(listMatches(u.hostname, u.pathname, e.entries)).toBe(e.expected);
  });

  it('without a path only host entries count', () => {
    expect(listMatches('example.com', undefined, ['example.com/login/*'])).toBeNull();
    expect(listMatches('a.example.com', undefined, ['example.com'])).toBe('example.com');
  });
});
