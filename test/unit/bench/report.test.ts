/**
 * BENCHMARKS.md is rendered from stored results alone (test/bench/report.ts, store.ts): every
 * section, its figures with the aim beside each, when and how it was measured, and the notes of
 * notes.ts; a partial run replaces only its own results. Fixed numbers, no browser.
 */
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../bench/report';
import { missing, readStore, withResults } from '../../bench/store';
import type { MachineInfo } from '../../bench/machine';
import type { Section } from '../../bench/section';

const machine = (date: string): MachineInfo => ({
  nproc: 2,
  cpuModel: 'Test CPU',
  memoryGb: 8,
  node: 'v20.0.0',
  chromium: 'Chromium 1.0',
  loadAverage: 0.5,
  date,
});
const section = (n: string, value: string, met: boolean | null): Section => ({
  title: `${n}. Measurement ${n}`,
  body: `The method of section ${n}.\n`,
  summary: [{ figure: `${n}. Figure`, value, aim: met === null ? '' : '≤ 2', met }],
  raw: { n },
});

describe('BENCHMARKS.md renderer', () => {
  const store = withResults(
    readStore(null),
    { '1': section('1', '1.5', true), '2': section('2', '3', false), '3': section('3', '7', null) },
    machine('2026-01-02T03:04:05.000Z'),
    'npm run bench',
  );
  const md = renderReport({
    sections: ['1', '2', '3'].map((id) => ({ id, section: store.sections[id]! })),
    notes: { '2': 'Why 2 misses.' },
  });

  it('renders every section with its figures, the aim beside each, and how it was measured', () => {
    expect(md).toContain('| 1. Figure | 1.5 | ≤ 2 | met |');
    expect(md).toContain('| 2. Figure | 3 | ≤ 2 | **missed** |');
    expect(md).toContain('| 3. Figure | 7 | — | — |');
    for (const n of ['1', '2', '3'])
      expect(md).toContain(`## ${n}. Measurement ${n}\n\nMeasured by \`npm run bench\` on 2026-01-02 03:04 UTC`);
    expect(md).toContain('The method of section 2.\n\nWhy 2 misses.');
  });

  it('a partial run replaces only its own results, and says so in its section', () => {
    const next = withResults(
      store,
      { '2': section('2', '1.9', true) },
      machine('2026-02-01T00:00:00.000Z'),
      'npm run bench -- --only=2',
    );
    expect(next.sections['1']).toEqual(store.sections['1']);
    expect(next.sections['2']).toMatchObject({
      summary: [{ value: '1.9', met: true }],
      command: 'npm run bench -- --only=2',
    });
    const again = renderReport({
      sections: ['1', '2', '3'].map((id) => ({ id, section: next.sections[id]! })),
      notes: {},
    });
    expect(again).toContain('| 2. Figure | 1.9 | ≤ 2 | met |');
    expect(again).not.toContain('| 2. Figure | 3 |');
    expect(again).toContain('Measured by `npm run bench -- --only=2` on 2026-02-01 00:00 UTC');
  });

  it('the same results render the same file (nothing depends on the time of rendering)', () => {
    expect(
      renderReport({
        sections: ['1', '2', '3'].map((id) => ({ id, section: store.sections[id]! })),
        notes: { '2': 'Why 2 misses.' },
      }),
    ).toBe(md);
  });

  it('reads the older format, a broken file or none as an empty store that lacks every measurement', () => {
    for (const json of [null, '{', JSON.stringify({ machine: {}, sections: [{ title: '1. x' }] })])
      expect(missing(readStore(json), ['1', '2'])).toEqual(['1', '2']);
    expect(missing(readStore(JSON.stringify(store)), ['1', '2', '3', '4'])).toEqual(['4']);
  });
});
