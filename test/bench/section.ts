// What each measurement hands back to the runner (run.ts), which writes BENCHMARKS.md.

export interface SummaryRow {
  /** e.g. "1. Time to verdict ÷ processing time, stream, p95". */
  figure: string;
  /** The measured value, formatted. */
  value: string;
  /** The aim, formatted (e.g. "≤ 1.05"); '' when a figure has no aim. */
  aim: string;
  /** null when there is no aim to meet. */
  met: boolean | null;
}

export interface Section {
  /** Heading, e.g. "1. Time to verdict". */
  title: string;
  /** Markdown body: method, table(s), and why a figure misses its aim. */
  body: string;
  summary: SummaryRow[];
  /** Raw numbers, kept in the JSON next to BENCHMARKS.md for later comparisons. */
  raw: unknown;
}
