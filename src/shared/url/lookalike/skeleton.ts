/**
 * What two names are compared as: their skeletons (UTS #39's idea: map every character to the
 * Latin letter it reads as, so that gооgle with Cyrillic о and google meet), and whether a label
 * mixes scripts. The character table is confusables.ts.
 */
import { CONFUSABLE_SEQUENCES, CONFUSABLE_TO_LATIN, DIGIT_TO_LATIN } from './confusables';

/**
 * TR39-style skeleton: marks removed, each character mapped to its Latin prototype, digits read
 * as letters; `sequences` also folds rn → m, cl → d, vv → w. Both forms are compared, because
 * folding a sequence moves some plain typos further away (paypcl is one letter from paypal, but
 * folds to paypd).
 */
export function skeleton(text: string, sequences = true): string {
  // Mapped before and after removing marks: some characters are in the table whole, others
  // only once their mark is gone. The modifier letters that read as marks (ʾ ʿ ˈ ˌ …: IDNA
  // turns ẚ into aʾ) go with them.
  let out = mapChars(
    mapChars(text.toLowerCase())
      .normalize('NFD')
      .replace(/[\u0300-\u036f\u02b9-\u02bf\u02c2-\u02df]/g, ''),
  );
  if (sequences) for (const [seq, letter] of CONFUSABLE_SEQUENCES) out = out.replaceAll(seq, letter);
  return out;
}

function mapChars(text: string): string {
  let out = '';
  for (const ch of text) out += CONFUSABLE_TO_LATIN[ch] ?? DIGIT_TO_LATIN[ch] ?? ch;
  return out;
}

type Script = 'latin' | 'cyrillic' | 'greek' | 'armenian' | 'other';
function scriptOf(ch: string): Script | null {
  const c = ch.codePointAt(0)!;
  if ((c >= 0x30 && c <= 0x39) || ch === '-') return null; // digits and hyphen belong to every script
  if (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0xc0 && c <= 0x24f) ||
    (c >= 0x1d00 && c <= 0x1d7f) ||
    (c >= 0x1e00 && c <= 0x1eff) ||
    (c >= 0x250 && c <= 0x2af)
  )
    return 'latin';
  if (c >= 0x400 && c <= 0x52f) return 'cyrillic';
  if ((c >= 0x370 && c <= 0x3ff) || (c >= 0x1f00 && c <= 0x1fff)) return 'greek';
  if (c >= 0x530 && c <= 0x58f) return 'armenian';
  return 'other';
}

/** True for a label written in more than one script (digits and hyphens count for none). */
export function isMixedScript(label: string): boolean {
  const seen = new Set<Script>();
  for (const ch of label.normalize('NFD').replace(/[\u0300-\u036f]/g, '')) {
    const s = scriptOf(ch);
    if (s) seen.add(s);
  }
  return seen.size > 1;
}
