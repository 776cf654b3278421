// The build trims webextension-polyfill's API metadata to the namespaces we call
// (scripts/lib/polyfill-metadata.ts). These tests hold it to its promise: every namespace the
// source calls keeps its metadata unchanged, and the trimmed polyfill still wraps them.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { USED_NAMESPACES, trimPolyfillMetadata } from '@/scripts/lib/polyfill-metadata';

const ROOT = resolve(import.meta.dirname, '../../..');
const POLYFILL = readFileSync(join(ROOT, 'node_modules/webextension-polyfill/dist/browser-polyfill.js'), 'utf8');

/** The metadata object literal of a polyfill source, parsed (its strings hold no braces). */
function metadataOf(code: string): Record<string, unknown> {
  const start = code.indexOf('const apiMetadata = ') + 'const apiMetadata = '.length;
  let depth = 0;
  let end = start;
  do {
    if (code[end] === '{') depth++;
    if (code[end] === '}') depth--;
    end++;
  } while (depth > 0);
  return JSON.parse(code.slice(start, end)) as Record<string, unknown>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|examples)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every `browser.<namespace>` the extension's code names, in its three spellings. */
function namespacesUsed(): Set<string> {
  const used = new Set<string>();
  const patterns = [
    /\bbrowser\.(\w+)/g, // browser.tabs.query(…)
    /\(browser as [^)]*?\)\.(\w+)/g, // (browser as unknown as { scripting?: … }).scripting
    /\bbrowser\[['"](\w+)['"]\]/g,
  ];
  for (const file of [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'entrypoints'))]) {
    const text = readFileSync(file, 'utf8');
    for (const re of patterns) for (const m of text.matchAll(re)) used.add(m[1]!);
  }
  return used;
}

/** Runs a polyfill source against a fake callback-style `chrome`, as in Chromium; returns its `browser`. */
function load(code: string, chrome: object): Record<string, Record<string, (...a: unknown[]) => unknown>> {
  const module = { exports: {} as never };
  runInNewContext(code, { module, exports: module.exports, chrome });
  return module.exports;
}

describe('the polyfill metadata trim', () => {
  it('keeps every namespace the source calls that the polyfill has metadata for', () => {
    const known = Object.keys(metadataOf(POLYFILL));
    const used = [...namespacesUsed()].filter((ns) => known.includes(ns)).sort();
    expect(used.length).toBeGreaterThan(5); // the scan finds the calls (tabs, runtime, storage, …)
    expect([...USED_NAMESPACES].sort()).toEqual(used);
  });

  it('keeps those entries word for word and drops the rest', () => {
    const before = metadataOf(POLYFILL);
    const after = metadataOf(trimPolyfillMetadata(POLYFILL));
    expect(Object.keys(after).sort()).toEqual([...USED_NAMESPACES].sort());
    for (const ns of USED_NAMESPACES) expect(after[ns]).toEqual(before[ns]);
    expect(Object.keys(before)).toContain('bookmarks');
  });

  it('stops the build when the polyfill is not shaped as expected', () => {
    expect(() => trimPolyfillMetadata('module.exports = {};')).toThrow(/expected one/);
    expect(() => trimPolyfillMetadata(POLYFILL, ['alarms', 'noSuchApi'])).toThrow(/no metadata for "noSuchApi"/);
    const twice = POLYFILL.replace('const apiMetadata = ', 'const apiMetadata = {};\nconst apiMetadata = ');
    expect(() => trimPolyfillMetadata(twice)).toThrow(/expected one/);
  });

  it('still turns a kept namespace’s callbacks into promises, and hands a dropped one through', async () => {
    const calls: unknown[][] = [];
    const fake = {
      runtime: { id: 'x', lastError: undefined },
      tabs: { query: (q: unknown, cb: (r: unknown) => void) => (calls.push([q]), cb([{ id: 7 }])) },
      bookmarks: { getTree: () => 'own' },
    };
    const browser = load(trimPolyfillMetadata(POLYFILL), fake);
    const query = browser.tabs!.query!({ active: true });
    expect(Object.prototype.toString.call(query)).toBe('[object Promise]'); // the vm's own Promise
    await expect(query).resolves.toEqual([{ id: 7 }]);
    expect(calls).toEqual([[{ active: true }]]);
    // No metadata: Chromium's own function, bound (MV3 returns promises itself).
    expect(browser.bookmarks!.getTree!()).toBe('own');
  });
});
