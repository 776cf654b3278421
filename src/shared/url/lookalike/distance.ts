/**
 * How far a name is from another, in edits a reader would not notice: optimal string alignment
 * (a swap of neighbours is one edit), where replacing a letter by one that looks like it
 * (q for g, c for e, u for v, n for m, 9 for g, 3 for e, …: the ASCII look-alikes typosquatting
 * fuzzers use)
 * costs half an edit, so two of them on a short name count as one.
 */
const LOOKALIKE_PAIRS = [
  'qg',
  'ce',
  'uv',
  'nm',
  'nr',
  'il',
  'bd',
  'zs',
  '38',
  '69',
  'g9',
  'e3',
  'a4',
  's5',
  't7',
  'z2',
  'b6',
  'hb',
];
const HALF = new Set(LOOKALIKE_PAIRS.flatMap(([a, b]) => [`${a}${b}`, `${b}${a}`]));

/** The distance, or `max + 1` once it is certainly past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1]!;
      const y = b[j - 1]!;
      const cost = x === y ? 0 : HALF.has(x + y) ? 0.5 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * Edits allowed for a name of this length: none below 4 letters, 1 below 8, else 2. Short names
 * have too many real-word neighbours at distance 2 (google: doodle, noodle; example: examine).
 */
export const allowedEdits = (n: number): number => (n < 4 ? 0 : n < 8 ? 1 : 2);
