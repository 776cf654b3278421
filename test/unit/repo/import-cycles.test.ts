// No import cycles in src/ and entrypoints/, type-only imports included. eslint's
// import-x/no-cycle catches runtime cycles but skips `import type` by design, and a type-only
// cycle still ties two modules together (router.ts ↔ handlers/content.ts was one).
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Every module specifier of import/export-from statements (types included), comments ignored. */
export function specifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  for (const m of code.matchAll(/(?:^|[\n;])\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g)) out.push(m[1]!);
  for (const m of code.matchAll(/(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g)) out.push(m[1]!);
  return out;
}

function resolveSpecifier(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/') || spec.startsWith('~/')) base = join(ROOT, spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null;
  for (const ext of ['', ...EXTENSIONS]) {
    const p = base + ext;
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  return null;
}

export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string) => {
    state.set(n, 'open');
    stack.push(n);
    for (const next of graph.get(n) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of graph.keys()) if (!state.has(n)) visit(n);
  return cycles;
}

describe('import graph', () => {
  it('finds a cycle when there is one (the checker itself can fail)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(g)).toEqual([['a', 'b', 'c', 'a']]);
    expect(specifiers("import type { X } from '../router';\nexport { y } from './y';\nimport './side';")).toEqual([
      '../router',
      './y',
      './side',
    ]);
  });

  it('src/ and entrypoints/ have no import cycles, type-only imports included', () => {
    const all = [...files(join(ROOT, 'src')), ...files(join(ROOT, 'entrypoints'))];
    const graph = new Map<string, string[]>();
    for (const f of all) {
      const deps = specifiers(readFileSync(f, 'utf8'))
        .map((s) => resolveSpecifier(f, s))
        .filter((p): p is string => p !== null);
      graph.set(f, deps);
    }
    expect(graph.size).toBeGreaterThan(100);
    const cycles = findCycles(graph).map((c) => c.map((p) => relative(ROOT, p)).join(' → '));
    expect(cycles).toEqual([]);
  });

  it("src/background's folders import one way: no two of them import each other, even through others", () => {
    // A folder is a room a reader enters alone; two folders importing each other are one room
    // with two doors. Files directly in src/background (main.ts wires everything) are left out.
    const BG = join(ROOT, 'src/background');
    const folderOf = (p: string) => relative(BG, p).split('/')[0]!;
    const inFolder = (p: string) => p.startsWith(BG + '/') && relative(BG, p).includes('/');
    const graph = new Map<string, string[]>();
    for (const f of files(BG).filter(inFolder)) {
      const deps = specifiers(readFileSync(f, 'utf8'))
        .map((s) => resolveSpecifier(f, s))
        .filter((p): p is string => p !== null && inFolder(p) && folderOf(p) !== folderOf(f))
        .map(folderOf);
      graph.set(folderOf(f), [...new Set([...(graph.get(folderOf(f)) ?? []), ...deps])]);
    }
    expect(graph.size).toBeGreaterThan(8);
    expect(findCycles(graph).map((c) => c.join(' → '))).toEqual([]);
  });
});
