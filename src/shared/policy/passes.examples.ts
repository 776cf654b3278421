/**
 * Example table for addPass. Tested in passes.test.ts.
 */
const T = 1_000_000;

export const ADD_PASS_EXAMPLES: readonly {
  name: string;
  before: Record<string, number>;
  key: string;
  now: number;
  max?: number;
  expected: Record<string, number>;
}[] = [
  {
    name: 'first pass lives 15 s',
    before: {},
    key: '1 https://a.test/',
    now: T,
    expected: { '1 https://a.test/': T + 15_000 },
  },
  {
    name: 'expired passes are dropped',
    before: { '1 https://old.test/': T - 1 },
    key: '1 https://a.test/',
    now: T,
    expected: { '1 https://a.test/': T + 15_000 },
  },
  {
    name: 'the same pass again is renewed, not doubled',
    before: { '1 https://a.test/': T + 5_000 },
    key: '1 https://a.test/',
    now: T,
    expected: { '1 https://a.test/': T + 15_000 },
  },
  {
    name: 'beyond the bound the oldest goes',
    before: { a: T + 1_000, b: T + 2_000, c: T + 3_000 },
    key: 'd',
    now: T,
    max: 3,
    expected: { b: T + 2_000, c: T + 3_000, d: T + 15_000 },
  },
];
