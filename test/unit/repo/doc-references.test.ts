/**
 * Convention test: comments say why in words or link a decision record (docs/decisions/), never a
 * number that resolves nowhere ("see issue N", "hole N", …); and the two pages a newcomer reads
 * first stay short enough to read.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../../..');
const SELF = 'test/unit/repo/doc-references.test.ts';

/** Words that, followed by a number, point at a list outside the repository. */
const WORDS = [
  'issues?',
  'holes?',
  'invariants?',
  'measurements?',
  'style\\.md',
  'toolchain notes?',
  'toolchain pitfalls?',
  'pitfalls?',
];
/** The word and its number may be split over a comment's line break. */
const NUMBERED = new RegExp(`\\b(${WORDS.join('|')})(\\s|\\n\\s*(//|\\*|#)\\s*)+\\d+`, 'gi');
/** A bench file names its own measurement (the id `npm run bench -- --only=N` takes): allowed there. */
const BENCH_ID = /^\/\/ Measurement \d+:/;

function trackedFiles(): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', 'src', 'test', 'scripts', 'entrypoints', '.ci', '*.ts', '*.js', '*.mjs', 'public/*.json'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return out
    .split('\n')
    .filter((f) => f && f !== SELF && !f.includes('/corpus/') && /\.(ts|tsx|js|mjs|json|md)$|^\.ci\//.test(f));
}

/** Every numbered reference in `text`, as `line: match`, except a bench file's own id. */
export function numberedReferences(text: string, file: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(NUMBERED)) {
    const start = text.lastIndexOf('\n', m.index) + 1;
    const lineText = text.slice(start, text.indexOf('\n', m.index) === -1 ? undefined : text.indexOf('\n', m.index));
    if (file.startsWith('test/bench/') && BENCH_ID.test(lineText)) continue;
    found.push(`${text.slice(0, m.index).split('\n').length}: ${m[0].replace(/\s+/g, ' ')}`);
  }
  return found;
}

const lineCount = (file: string) => readFileSync(resolve(root, file), 'utf8').replace(/\n$/, '').split('\n').length;

describe('numbered references', () => {
  it('finds the forms it is meant to find (the check can fail)', () => {
    expect(numberedReferences('// see issue 11, hole 5', 'src/a.ts')).toHaveLength(2);
    expect(numberedReferences(' * (toolchain note\n * 8)', 'src/a.ts')).toHaveLength(1);
    expect(numberedReferences('// Measurement 4: hover', 'test/bench/x.ts')).toHaveLength(0);
    expect(numberedReferences('// Measurement 4: hover', 'src/a.ts')).toHaveLength(1);
    expect(numberedReferences('// docs/decisions/001-content-tier.md', 'src/a.ts')).toHaveLength(0);
  });

  it('none in src/, test/, scripts/, entrypoints/ and config: write the reason or link docs/decisions/', () => {
    const offenders: string[] = [];
    for (const f of trackedFiles()) {
      for (const hit of numberedReferences(readFileSync(resolve(root, f), 'utf8'), f)) offenders.push(`${f}:${hit}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('the first pages a newcomer reads', () => {
  it.each(['README.md', 'docs/architecture.md'])('%s is at most 150 lines', (file) => {
    expect(lineCount(file)).toBeLessThanOrEqual(150);
  });
});
