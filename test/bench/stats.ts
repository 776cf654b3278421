// Small statistics and formatting helpers for the benchmarks (numbers, not pass/fail).

/** Percentile by linear interpolation between closest ranks (p in 0..100). NaN for no data. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export const median = (values: readonly number[]): number => percentile(values, 50);
export const p95 = (values: readonly number[]): number => percentile(values, 95);
export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
export const max = (values: readonly number[]): number => (values.length ? Math.max(...values) : Number.NaN);
export const min = (values: readonly number[]): number => (values.length ? Math.min(...values) : Number.NaN);

/** Fixed decimals, or an en dash for a missing number. */
export function fmt(n: number, decimals = 0): string {
  return Number.isFinite(n) ? n.toFixed(decimals) : '–';
}

/** 12345 → "12,345". */
export function int(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–';
}

/** Bytes as KB with one decimal (1 KB = 1024 bytes). */
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** "met" / "missed" against an aim, for the summary column. */
export const verdictOf = (met: boolean): string => (met ? 'met' : '**missed**');

/** A markdown table from a header and rows. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Deterministic PRNG (mulberry32, the local service's own) so the replayed session is the same every run. */
export { createRng as rng } from '../service/faults';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Markdown paragraphs: each followed by a blank line, so they do not run together. */
export const paragraphs = (texts: readonly string[]): string[] => texts.flatMap((t) => [t, '']);
