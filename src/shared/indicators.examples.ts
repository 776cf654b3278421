/**
 * indicatorWords, line as the background keeps it → what the person reads (English). A record is
 * its JSON text (api/shape.ts); a known type gets its label, an unknown one is shown as written.
 */
export const INDICATOR_EXAMPLES: readonly (readonly [line: string, words: string])[] = [
  [
    '{"type":"keyword","value":"malware","severity":"high"}',
    'Suspicious word in the address: “malware” (high concern)',
  ],
  ['{"type":"lookalike_domain","value":"bank"}', 'Looks like another site’s address: “bank”'],
  ['{"type":"Lookalike-Domain","value":"bank"}', 'Looks like another site’s address: “bank”'],
  ['{"kind":"domain_age","detail":3}', 'Recently registered domain: “3”'],
  ['{"type":"url_shortener"}', 'Hidden behind a link shortener'],
  ['{"type":"forced-score","value":"score-42","severity":"low"}', 'forced-score: score-42 (low concern)'],
  ['{"type":"keyword","value":"x","severity":"catastrophic"}', 'Suspicious word in the address: “x”'],
  ['{"type":"<img src=x onerror=alert(1)>","value":"<b>x</b>"}', '<img src=x onerror=alert(1)>: <b>x</b>'],
  ['{"score":7}', '{"score":7}'],
  ['Login form on new domain', 'Login form on new domain'],
  ['type: keyword, value: phish', 'type: keyword, value: phish'],
  ['{not json', '{not json'],
];
