/**
 * How often unwrap() reads a wrapped link as the published decoders and their tests do. Shared
 * by the unit test (unwrap.vectors.test.ts, which holds the aim) and the bench (test/bench/
 * unwrap-agreement.ts, which reports the figure).
 *
 * The vectors are the shared reference file `../shared/reference-data/unwrap-vectors.json` beside
 * the repository (never copied in; LINKLENS_SHARED names another folder) and the ones collected
 * for this project in unwrap-vectors.ts. What is compared is the last hop reached through KNOWN
 * wrappers (unwrap.ts knownEnd): a decoder reads its wrapper and nothing else, so the generic
 * redirect-parameter guess, which may go one step further, is not counted for or against.
 * A vector without a destination (`expected: null`) agrees when no known wrapper read anything.
 * Otherwise the answer must equal the expected URL as the browser serializes it, character for
 * character: a percent-escape is part of the destination (`%2F` in a path is not `/`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { knownEnd, unwrap } from '../../../../src/shared/url/unwrap';
import { parseWeb } from '../../../../src/shared/url/parse-web';
import { percentDecode } from '../../../../src/shared/url/unwrap/decode';

export interface UnwrapVector {
  /** Where it comes from: repository and path (or the thread) of the decoder or test. */
  src: string;
  kind: string;
  input: string;
  /** The destination the source gives; null: the source reads no destination. */
  expected: string | null;
  note?: string;
  /** False for vectors of the shared file whose source repository is not known. */
  attributed?: boolean;
}

export interface Disagreement {
  vector: UnwrapVector;
  got: string | null;
}

export interface Agreement {
  total: number;
  agreed: number;
  disagreements: Disagreement[];
}

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The shared file's path; throws, naming it, when it is not there (never a silent skip). */
export function sharedVectorsPath(): string {
  const dir = process.env.LINKLENS_SHARED ?? resolve(REPO_ROOT, '..', 'shared');
  const path = join(dir, 'reference-data', 'unwrap-vectors.json');
  if (!existsSync(path)) {
    throw new Error(
      `The shared unwrap vectors are missing: ${path} (the reference data sits beside the repository; set LINKLENS_SHARED to its folder when it is elsewhere).`,
    );
  }
  return path;
}

export function loadSharedVectors(): UnwrapVector[] {
  const data = JSON.parse(readFileSync(sharedVectorsPath(), 'utf8')) as unknown;
  if (!Array.isArray(data) || data.length === 0) throw new Error('The shared unwrap vectors are not a non-empty list.');
  return data.map((v: Partial<UnwrapVector>, i) => {
    if (
      typeof v.input !== 'string' ||
      !(typeof v.expected === 'string' || v.expected === null) ||
      typeof v.src !== 'string'
    ) {
      throw new Error(`Shared unwrap vector ${i} is malformed: ${JSON.stringify(v).slice(0, 200)}`);
    }
    return v as UnwrapVector;
  });
}

/** What unwrap() reads as the vector's answer: the known end, or null when nothing was read. */
export function readAsDecoder(input: string): string | null {
  const r = unwrap(input);
  const end = knownEnd(r);
  return end === null || end === r.hops[0] ? null : end;
}

export function agrees(v: UnwrapVector, got: string | null): boolean {
  if (v.expected === null) return got === null;
  // cardi's tests give some answers percent-decoded ("unquoted form", its --unquote option):
  // those are compared decoded on both sides.
  if (v.note?.includes('unquoted form') === true)
    return got !== null && percentDecode(got, false) === percentDecode(v.expected, false);
  // The expected URL as the browser serializes it (`https://a.example` is `https://a.example/`).
  return got !== null && got === (parseWeb(v.expected)?.href ?? v.expected);
}

export function agreement(vectors: readonly UnwrapVector[]): Agreement {
  const disagreements: Disagreement[] = [];
  for (const vector of vectors) {
    const got = readAsDecoder(vector.input);
    if (!agrees(vector, got)) disagreements.push({ vector, got });
  }
  return { total: vectors.length, agreed: vectors.length - disagreements.length, disagreements };
}

export const percent = (a: Agreement): string => `${((100 * a.agreed) / a.total).toFixed(1)} %`;

export function describeDisagreements(a: Agreement): string {
  return a.disagreements
    .map(
      ({ vector: v, got }) =>
        `  [${v.kind}] ${v.src}\n    input:    ${v.input.slice(0, 160)}\n    expected: ${v.expected}\n    got:      ${got}`,
    )
    .join('\n');
}
