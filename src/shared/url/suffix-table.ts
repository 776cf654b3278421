/**
 * The public suffix list as a tree of rules, read from the packaged text file public/psl.txt
 * (format: scripts/gen-public-suffix.mjs), and the one place that says whether it is loaded.
 *
 * Why a file and not a module (docs/decisions/009-bundle-weight.md): as a string inside the background bundle the list
 * was a quarter of the worker's script. The background starts reading it when the worker starts
 * (src/background/suffix-list.ts) and its entry points wait for it (the router, the checker);
 * extension pages install it from the same file imported as text (src/ui/suffix-list.ts).
 *
 * No guesses: until the table is installed, suffixRules() throws SuffixTableError rather than
 * answer from nothing (every host would look unlisted, i.e. an intranet name, or have no
 * registrable domain). A damaged file (wrong header, truncated, rule counts that do not add up)
 * is refused whole, with the reason kept for whoever asks (suffixTableProblem).
 */

export const NONE = 0;
export const ICANN = 1;
export const PRIVATE = 2;

export interface RuleNode {
  kind: number;
  /** Child labels (`!label` for an exception rule), null for a leaf. */
  children: Map<string, RuleNode> | null;
}

export class SuffixTableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SuffixTableError';
  }
}

const LEAVES: readonly RuleNode[] = [NONE, ICANN, PRIVATE].map((kind) => Object.freeze({ kind, children: null }));

/**
 * Reads the file's text into nested maps. Throws SuffixTableError when the text is not a whole
 * table: the counts on its `rules` line must match the rules read, brackets must balance.
 */
export function parseSuffixTable(text: string): RuleNode {
  const lines = String(text).split('\n');
  const counts = /^rules (\d+) (\d+)$/.exec(lines[1] ?? '');
  const [codes = '', wordLine = '', tree = ''] = lines.slice(2);
  if (!lines[0]?.startsWith('#') || !counts || !codes || !tree)
    throw new SuffixTableError('the list file is not in the expected format');
  const root: RuleNode = { kind: NONE, children: new Map() };
  // Frequent labels are written as codes: the i-th word as one code character, then as two.
  const n = codes.length;
  const words = new Map(
    wordLine.split(',').map((w, i) => [i < n ? codes[i]! : codes[Math.floor(i / n) - 1]! + codes[i % n]!, w]),
  );
  const stack: RuleNode[] = [root];
  const seen = [0, 0, 0];
  let last: RuleNode = root;
  let start = 0;
  for (let i = 0; i <= tree.length; i += 1) {
    const c = i < tree.length ? tree[i] : ',';
    if (c !== ',' && c !== '(' && c !== ')') continue;
    if (i > start) {
      let token = tree.slice(start, i);
      const mark = token[token.length - 1];
      const kind = mark === '+' ? PRIVATE : mark === '-' ? NONE : ICANN;
      if (kind !== ICANN) token = token.slice(0, -1);
      token = words.get(token) ?? token;
      seen[kind] = (seen[kind] ?? 0) + 1;
      // Most rules are leaves: one shared node per kind (fewer objects to build).
      last = c === '(' ? { kind, children: null } : LEAVES[kind]!;
      const parent = stack[stack.length - 1]!;
      (parent.children ??= new Map()).set(token, last);
    }
    if (c === '(') stack.push(last);
    else if (c === ')' && stack.length > 1) stack.pop();
    else if (c === ')') throw new SuffixTableError('the list file is damaged (unbalanced brackets)');
    start = i + 1;
  }
  if (stack.length !== 1) throw new SuffixTableError('the list file is damaged (unbalanced brackets)');
  if (seen[ICANN] !== Number(counts[1]) || seen[PRIVATE] !== Number(counts[2])) {
    throw new SuffixTableError(
      `the list file is damaged (${seen[ICANN]} ICANN and ${seen[PRIVATE]} private rules read, ${counts[1]} and ${counts[2]} announced)`,
    );
  }
  return root;
}

type State = { status: 'waiting' } | { status: 'ready'; root: RuleNode } | { status: 'failed'; problem: string };

let state: State = { status: 'waiting' };
let loading = false;
let settle: (() => void) | null = null;
let settled = new Promise<void>((resolve) => (settle = resolve));

function finish(next: State): void {
  state = next;
  settle?.();
  settle = null;
}

/** Installs the table from the file's text (pages: the bundled copy). Refuses a damaged one. */
export function installSuffixTable(text: string): void {
  try {
    finish({ status: 'ready', root: parseSuffixTable(text) });
  } catch (e) {
    finish({ status: 'failed', problem: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * Reads the table once with `read` (the background: a fetch of the packaged file). A second
 * call, or a call after installSuffixTable, reads nothing again. Never rejects: how it ended is
 * what whenSuffixTable() and suffixTableProblem() say.
 */
export async function loadSuffixTable(read: () => Promise<string>): Promise<void> {
  if (state.status !== 'waiting' || loading) return settled;
  loading = true;
  let text: string;
  try {
    text = await read();
  } catch (e) {
    finish({
      status: 'failed',
      problem: `the list file could not be read (${e instanceof Error ? e.message : String(e)})`,
    });
    return;
  }
  installSuffixTable(text);
}

/** Resolves once the table is installed (true) or refused (false). Waits while it is being read. */
export async function whenSuffixTable(): Promise<boolean> {
  await settled;
  return state.status === 'ready';
}

/** Why the table could not be loaded, or null (loaded, or still being read). */
export function suffixTableProblem(): string | null {
  return state.status === 'failed'
    ? `Linklens could not load its public suffix list: ${state.problem}. Reinstall Linklens.`
    : null;
}

/** The table. Throws SuffixTableError when it is not loaded (yet, or at all): never a guess. */
export function suffixRules(): RuleNode {
  if (state.status === 'ready') return state.root;
  throw new SuffixTableError(suffixTableProblem() ?? 'The public suffix list is not loaded yet.');
}

/** Tests only: back to "nothing loaded" (a new worker life). */
export function resetSuffixTableForTests(): void {
  state = { status: 'waiting' };
  loading = false;
  settled = new Promise<void>((resolve) => (settle = resolve));
}
