// Writes public/psl.txt: the public suffix list (ICANN and private sections, wildcards and
// exceptions) as one compact text, parsed by src/shared/url/suffix-table.ts.
//
// Packaged DATA, not script (docs/decisions/009-bundle-weight.md): as a string inside the background bundle the table
// cost 74 kB of the worker's 290 kB; as a file the build copies (public/), the worker reads it
// once per life with fetch(runtime.getURL('/psl.txt')), started at worker start-up
// (src/background/suffix-list.ts). Extension pages import the same file as text (`?raw`).
//
// Why our own table (docs/decisions/009-bundle-weight.md): the background loaded all of tldts (~134 kB minified, most of it
// numeric arrays written out as decimal literals) to ask four questions of the list. The same
// rules as nested text are ~90 kB, with a ~100-line matcher.
//
// Source: the list as the installed tldts package ships it (its flat trie in
// node_modules/tldts/dist/es6/src/data/trie.js), so the rules stay those of a known, versioned
// package and update with it: `node scripts/gen-public-suffix.mjs` after a tldts update, and the
// unit test test/unit/shared/url/public-suffix.test.ts fails while the file is stale.
//
// Format (one level of the tree per nesting, TLD first): `label` then its kind: nothing = an
// ICANN rule, `+` = a private-section rule, `-` = no rule (only a step towards deeper rules);
// `!` before a label = an exception rule (`!www.ck`); children follow in `( … )`, siblings are
// separated by `,`. Example: `uk(co,gov,ac)` = the rules uk, co.uk, gov.uk, ac.uk. A label
// written in CODES characters stands for a word of the words line (see `code` below).
//
// The file, five lines: a `#` comment (source, version); `rules <icann> <private>` (the counts,
// so a truncated or damaged file is refused, not half-read); the CODES characters; the words,
// comma-separated; the tree.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OUT_FILE = `${ROOT}public/psl.txt`;

/** Every rule of tldts's trie: [rule, 1 = ICANN | 2 = private, exception?]. */
export async function tldtsRules() {
  const t = await import('tldts/dist/es6/src/data/trie.js');
  const offsets = [];
  for (let e = 0, o = 0; e < t.edgeLength.length; e += 1) {
    offsets.push(o);
    o += t.edgeLength[e];
  }
  const out = [];
  const walk = (node, path, exception) => {
    for (let e = t.edgeStart[node]; e < t.edgeStart[node + 1]; e += 1) {
      const label = t.labelText.slice(offsets[e], offsets[e] + t.edgeLength[e]);
      const child = t.edgeChild[e];
      const labels = [label, ...path];
      if (t.nodeFlags[child] !== 0) out.push([labels.join('.'), t.nodeFlags[child], exception]);
      walk(child, labels, exception);
    }
  };
  walk(t.rulesRoot, [], false);
  walk(t.exceptionsRoot, [], true);
  return out;
}

/** The rules as the nested text described above (children sorted, so the output is stable). */
export function serialize(rules) {
  const node = () => ({ kind: '-', children: new Map() });
  const root = node();
  for (const [rule, section, exception] of rules) {
    const labels = rule.split('.').reverse();
    let n = root;
    labels.forEach((label, i) => {
      const key = exception && i === labels.length - 1 ? `!${label}` : label;
      if (!n.children.has(key)) n.children.set(key, node());
      n = n.children.get(key);
    });
    n.kind = section === 1 ? '' : '+';
  }
  const words = abbreviations(root);
  const text = (n) =>
    [...n.children.keys()]
      .sort()
      .map((k) => {
        const c = n.children.get(k);
        const bare = k.replace(/^!/, '');
        if (bare !== '*' && (bare === '' || /[^a-z0-9_-]/.test(bare) || bare.endsWith('-')))
          throw new Error(`label ${k} clashes with the format`);
        return (words.get(k) ?? k) + c.kind + (c.children.size ? `(${text(c)})` : '');
      })
      .join(',');
  return { tree: text(root), words: [...words.keys()].join(',') };
}

/**
 * Characters no label has (labels are a-z 0-9 - _) and the format does not use. The i-th word of
 * the words line is written as code(i): one of these characters for the first 45, then two. The words
 * are the labels that cost most written out (AWS's `s3-accesspoint` 68 times, `org` 160 times).
 */
export const CODES = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ#$%&/:;<=>?@[]^{|}~';
export const code = (i) =>
  i < CODES.length ? CODES[i] : CODES[Math.floor(i / CODES.length) - 1] + CODES[i % CODES.length];
const MAX_WORDS = CODES.length * (CODES.length + 1);

function abbreviations(root) {
  const count = new Map();
  const visit = (n) => {
    for (const [k, c] of n.children) {
      if (!k.startsWith('!') && k !== '*') count.set(k, (count.get(k) ?? 0) + 1);
      visit(c);
    }
  };
  visit(root);
  // Saving of a word: (label length − code length) per use, minus the word written once in the words line.
  const gain = ([word, uses], codeLength) => uses * (word.length - codeLength) - (word.length + 1);
  const byName = (a, b) => (a[0] < b[0] ? -1 : 1);
  const words = [...count];
  const singles = words
    .filter((w) => gain(w, 1) > 0)
    .sort((a, b) => gain(b, 1) - gain(a, 1) || byName(a, b))
    .slice(0, CODES.length);
  const taken = new Set(singles.map(([word]) => word));
  const doubles = words
    .filter((w) => !taken.has(w[0]) && gain(w, 2) > 0)
    .sort((a, b) => gain(b, 2) - gain(a, 2) || byName(a, b))
    .slice(0, MAX_WORDS - singles.length);
  return new Map([...singles, ...doubles].map(([word], i) => [word, code(i)]));
}

/**
 * The rules to ship: tldts lists each Unicode rule twice, as written in the list and in punycode
 * (`公司.cn`, `xn--55qx5d.cn`); public-suffix.ts matches in punycode, so only that form is kept.
 */
export const shipped = (rules) => rules.filter(([rule]) => /^[\x21-\x7e]+$/.test(rule));

export async function generate() {
  const rules = shipped(await tldtsRules());
  const version = JSON.parse(readFileSync(`${ROOT}node_modules/tldts/package.json`, 'utf8')).version;
  const { tree, words } = serialize(rules);
  const counts = { icann: rules.filter((r) => r[1] === 1).length, private: rules.filter((r) => r[1] === 2).length };
  return [
    `# Generated by scripts/gen-public-suffix.mjs from the public suffix list as tldts ${version} ships it (Unicode rules in punycode). Do not edit; format: see the script.`,
    `rules ${counts.icann} ${counts.private}`,
    CODES,
    words,
    tree,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUT_FILE, await generate());
  console.log(`wrote ${OUT_FILE}`);
}
