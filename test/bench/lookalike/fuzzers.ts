// Our own generator of the permutation classes dnstwist publishes (its README's fuzzer list:
// addition, bitsquatting, homoglyph, hyphenation, insertion, omission, repetition, replacement,
// subdomain, transposition, vowel-swap, plural, dictionary, tld-swap), plus the combo-squats
// phishing feeds show (brand-word.com, brandcom.evil.tld, brand.com.cc). Written from the class
// descriptions, not from dnstwist's code. Input: a registrable domain's name and suffix.
import { CONFUSABLE_GLYPHS_SMALL } from './glyphs';

export const CLASSES = [
  'addition',
  'bitsquatting',
  'homoglyph',
  'hyphenation',
  'insertion',
  'omission',
  'repetition',
  'replacement',
  'subdomain',
  'transposition',
  'vowel-swap',
  'plural',
  'dictionary',
  'combo',
  'tld-swap',
] as const;
export type FuzzClass = (typeof CLASSES)[number];

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const KEYBOARDS = [
  ['1234567890-', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'],
  ['1234567890', 'qwertzuiop', 'asdfghjkl', 'yxcvbnm'],
  ['1234567890', 'azertyuiop', 'qsdfghjklm', 'wxcvbn'],
];

/** Keys next to `c` on the QWERTY, QWERTZ and AZERTY layouts. */
function neighbours(c: string): string[] {
  const out = new Set<string>();
  for (const rows of KEYBOARDS) {
    rows.forEach((row, r) => {
      const i = row.indexOf(c);
      if (i < 0) return;
      for (const [rr, ii] of [
        [r, i - 1],
        [r, i + 1],
        [r - 1, i],
        [r - 1, i + 1],
        [r + 1, i - 1],
        [r + 1, i],
      ] as const) {
        const k = rows[rr]?.[ii];
        if (k) out.add(k);
      }
    });
  }
  return [...out];
}

/** Words phishing domains put beside a brand: the list and what takedown feeds show. */
export const DICTIONARY = [
  'security',
  'verification',
  'support',
  'update',
  'confirm',
  'online',
  'payment',
  'admin',
  'billing',
  'login',
  'signin',
  'account',
  'accounts',
  'secure',
  'verify',
  'auth',
  'portal',
  'service',
  'services',
  'help',
  'helpdesk',
  'customer',
  'recovery',
  'reset',
  'password',
  'access',
  'alert',
  'alerts',
  'notice',
  'center',
  'team',
  'mail',
  'webmail',
  'official',
  'id',
  'sso',
  'mfa',
  'validate',
  'unlock',
  'review',
  'wallet',
  'invoice',
  'refund',
  'claim',
  'app',
  'mobile',
  'my',
  'user',
  'client',
  'check',
  'safe',
  'protect',
  'protection',
  'resolution',
  'dispute',
  'limited',
  'suspended',
  'restore',
  'renew',
  'upgrade',
  'care',
  'info',
  'contact',
  'docs',
  'share',
  'drive',
  'file',
  'document',
  'envelope',
  'esign',
  'bank',
  'card',
  'transfer',
  'order',
  'shipping',
  'delivery',
  'gift',
  'reward',
  'bonus',
  'prize',
  'web',
  'cloud',
  'connect',
  'gateway',
  'session',
  'identity',
  'token',
  'office',
  'profile',
  'member',
  'desk',
  'warning',
  'notification',
  'confirmation',
  'validation',
  'authentication',
  'logon',
  'pay',
  'hub',
  'direct',
  'global',
  'now',
  'today',
  'live',
  'chat',
  'inbox',
  'sharing',
  'onedrive',
  'teams',
  'outlook',
  'cloudsync',
  'storage',
  'dropbox',
  'documents',
  'secured',
  'safety',
];

/** Suffixes a brand is registered under by others: common gTLDs, ccTLDs, second-level ones. */
export const TLDS = [
  'com',
  'net',
  'org',
  'info',
  'biz',
  'co',
  'io',
  'me',
  'us',
  'uk',
  'co.uk',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'ru',
  'cn',
  'in',
  'br',
  'com.br',
  'au',
  'com.au',
  'ca',
  'jp',
  'co.jp',
  'kr',
  'co.kr',
  'mx',
  'com.mx',
  'ar',
  'com.ar',
  'co.za',
  'pl',
  'cz',
  'tk',
  'ml',
  'ga',
  'cf',
  'gq',
  'xyz',
  'top',
  'online',
  'site',
  'live',
  'app',
  'dev',
  'cloud',
  'shop',
  'store',
  'support',
  'services',
  'help',
  'tech',
  'link',
  'click',
  'cc',
  'ws',
  'pw',
  'su',
  'ly',
  'to',
  'sh',
  'ai',
  'vip',
  'club',
  'work',
  'today',
  'icu',
  'buzz',
  'com.co',
  'com.cn',
  'com.tr',
  'com.ve',
];
const COMBO_WORDS = [
  'secure',
  'login',
  'account',
  'verify',
  'support',
  'alerts',
  'share',
  'envelope',
  'online',
  'center',
  'service',
  'help',
];
const EVIL = ['evil.example', 'attacker.test', 'phish.top', 'web-app.xyz'];

export interface Glyphs {
  /** Latin letter or digit → characters that read as it. */
  [latin: string]: readonly string[];
}

const isLabel = (l: string) =>
  /^[a-z0-9\u00a0-\uffff](?:[a-z0-9\u00a0-\uffff-]*[a-z0-9\u00a0-\uffff])?$/.test(l) && !/^..--/.test(l);

/**
 * Every class's permutations of `name.suffix` (hosts as people write them: Unicode for
 * homoglyphs), without the original and without names that are no valid labels.
 * `maxDoubles`: the homoglyph doubles kept (every k-th, evenly), to bound a long name's count.
 */
export function fuzz(
  name: string,
  suffix: string,
  glyphs: Glyphs = CONFUSABLE_GLYPHS_SMALL,
  maxDoubles = 1500,
): Map<FuzzClass, string[]> {
  const n = name;
  const out = new Map<FuzzClass, Set<string>>(CLASSES.map((c) => [c, new Set()]));
  const add = (c: FuzzClass, label: string, sfx = suffix) => {
    if ((label !== n || sfx !== suffix) && label.split('.').every(isLabel)) out.get(c)!.add(`${label}.${sfx}`);
  };
  const at = (i: number, s: string, drop = 1) => n.slice(0, i) + s + n.slice(i + drop);

  for (let i = 0; i <= n.length; i++) for (const c of LETTERS) add('addition', at(i, c, 0));
  for (let i = 0; i < n.length; i++) {
    const code = n.charCodeAt(i);
    for (let b = 0; b < 8; b++) {
      const f = String.fromCharCode(code ^ (1 << b));
      if (/[a-z0-9-]/.test(f)) add('bitsquatting', at(i, f));
    }
  }
  // Homoglyphs: one substitution, then a second one on every single (doubles).
  const singles: { i: number; g: string }[] = [];
  for (let i = 0; i < n.length; i++) for (const g of glyphs[n[i]!] ?? []) singles.push({ i, g });
  for (const s of singles) add('homoglyph', at(s.i, s.g));
  const doubles: string[] = [];
  for (const a of singles)
    for (const b of singles)
      if (b.i > a.i) doubles.push(n.slice(0, a.i) + a.g + n.slice(a.i + 1, b.i) + b.g + n.slice(b.i + 1));
  const stride = Math.max(1, Math.ceil(doubles.length / maxDoubles));
  doubles.filter((_, k) => k % stride === 0).forEach((d) => add('homoglyph', d));
  for (let i = 1; i < n.length; i++) add('hyphenation', at(i, '-', 0));
  for (let i = 0; i < n.length; i++) {
    for (const k of neighbours(n[i]!)) {
      add('insertion', at(i, k, 0));
      add('insertion', at(i + 1, k, 0));
      add('replacement', at(i, k));
    }
    add('omission', at(i, ''));
    if (/[a-z]/.test(n[i]!)) add('repetition', at(i, n[i]! + n[i]!));
    if (i + 1 < n.length) add('transposition', at(i, n[i + 1]! + n[i]!, 2));
    if ('aeiou'.includes(n[i]!)) for (const v of 'aeiouy') if (v !== n[i]) add('vowel-swap', at(i, v));
  }
  for (let i = 1; i < n.length; i++) if (n[i - 1] !== '-' && n[i] !== '-') add('subdomain', at(i, '.', 0));
  add('plural', `${n}s`);
  add('plural', `${n}es`);
  for (const w of DICTIONARY)
    for (const form of [`${n}${w}`, `${n}-${w}`, `${w}${n}`, `${w}-${n}`]) add('dictionary', form);
  for (const w of COMBO_WORDS) add('combo', `${n}-${w}`, 'com');
  for (const e of EVIL) {
    add('combo', `${n}${suffix.replaceAll('.', '')}`, e);
    add('combo', `${n}-${suffix.replaceAll('.', '-')}`, e);
    add('combo', `${n}.${suffix}`, e);
  }
  for (const cc of ['cc', 'ru', 'xyz', 'top']) add('combo', `${n}.${suffix}`, cc);
  for (const t of TLDS) if (t !== suffix) add('tld-swap', n, t);
  return new Map([...out].map(([c, s]) => [c, [...s]]));
}
