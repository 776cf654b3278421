/**
 * A compact subset of Unicode's confusables.txt (UTS #39, "confusables", MA table): characters
 * that render like a Latin letter or digit in the fonts people read host names in, mapped to
 * that Latin prototype. Chosen subset, and why it is enough here: protected sign-in domains are
 * ASCII names, so only look-alikes of a–z and 0–9 matter. It covers
 *   - Cyrillic letters that look like Latin ones (а е і ј о р с у х ѕ һ ԁ ԛ ԝ ӏ ԍ ҽ ɡ …),
 *   - Greek (α ο ν ρ ι γ υ ϲ ϳ κ),
 *   - Armenian (օ ս ո հ ց),
 *   - Latin extensions and IPA (ı ɩ ȷ ɑ ɡ ʏ ɴ ʜ …, small capitals read as lowercase),
 *   - the digits 0 → o and 1 → l, and the sequences confusables.txt gives for m (rn) and d (cl),
 *     applied here in the other direction (both sides of a comparison are mapped the same way),
 *     plus vv → w, which is not in confusables.txt but reads as w in most sans-serif fonts.
 * Some Cyrillic lowercase letters (т к в н м г п ь) look like Latin small capitals; confusables.txt
 * maps them to those (ᴛ ᴋ ʙ ʜ ᴍ …), which this table reads as the lowercase letter.
 * Everything else maps to itself. Marks are removed before mapping (NFD, then U+0300–U+036F
 * dropped): a stricter reading than TR39's skeleton, which keeps them, so that é, ė and e meet.
 */
export const CONFUSABLE_TO_LATIN: Readonly<Record<string, string>> = {
  // Cyrillic
  '\u0430': 'a', '\u0435': 'e', '\u0456': 'i', '\u0458': 'j', '\u043e': 'o', '\u0440': 'p', '\u0441': 'c',
  '\u0443': 'y', '\u0445': 'x', '\u0455': 's', '\u04bb': 'h', '\u0501': 'd', '\u051b': 'q', '\u051d': 'w',
  '\u04cf': 'l', '\u050d': 'g', '\u04bd': 'e', '\u0475': 'v', '\u0461': 'w', '\u044c': 'b', '\u0433': 'r',
  '\u043f': 'n', '\u0442': 't', '\u043a': 'k', '\u0432': 'b', '\u043d': 'h', '\u043c': 'm',
  // Greek
  '\u03b1': 'a', '\u03bf': 'o', '\u03bd': 'v', '\u03c1': 'p', '\u03b9': 'i', '\u03b3': 'y', '\u03c5': 'u',
  '\u03f2': 'c', '\u03f3': 'j', '\u03ba': 'k', '\u03c7': 'x', '\u03c9': 'w', '\u03b5': 'e',
  // Armenian
  '\u0585': 'o', '\u057d': 'u', '\u0578': 'n', '\u0570': 'h', '\u0581': 'g', '\u0566': 'q',
  // Latin extensions, IPA, small capitals
  '\u0131': 'i', '\u0269': 'i', '\u0237': 'j', '\u0251': 'a', '\u0261': 'g', '\u028f': 'y', '\u0274': 'n',
  '\u029c': 'h', '\u0280': 'r', '\u1d00': 'a', '\u1d04': 'c', '\u1d05': 'd', '\u1d07': 'e', '\u1d0a': 'j',
  '\u1d0b': 'k', '\u1d0d': 'm', '\u1d0f': 'o', '\u1d18': 'p', '\u1d1b': 't', '\u1d1c': 'u', '\u1d20': 'v',
  '\u1d21': 'w', '\u1d22': 'z', '\u01c0': 'l', '\u0138': 'k', '\u0185': 'b',
  // Digits
  '0': 'o', '1': 'l',
};

/** Multi-character prototypes (confusables.txt: m → rn, d → cl), as the sequence → its letter. */
export const CONFUSABLE_SEQUENCES: readonly (readonly [string, string])[] = [
  ['rn', 'm'],
  ['cl', 'd'],
  ['vv', 'w'],
];
