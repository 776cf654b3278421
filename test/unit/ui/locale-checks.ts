/**
 * Shared rules of the locale convention tests (locales.test.ts on the files, locales-render.test.tsx
 * on rendered pages): which messages must differ from English, and how to spot English text (or a
 * raw message key) in what a page shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES_DIR, readLocale, type Locale } from './helpers';

export const LOCALES = fs
  .readdirSync(LOCALES_DIR)
  .filter((d) => fs.existsSync(path.join(LOCALES_DIR, d, 'messages.json')))
  .sort();
export const NON_ENGLISH = LOCALES.filter((l) => l !== 'en');

/** Placeholder names used in a message ($SITE$ → 'site'), sorted. */
export const usedPlaceholders = (message: string) =>
  [...message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase()).sort();

/**
 * Tokens that stay the same in every language: the product name, protocol and format names, the
 * service's scope names, example addresses. What is left of a message without them (and without
 * placeholders, digits and punctuation) is what a translator translates.
 */
const TOKENS = /https?:\/\/\S+|\$[A-Za-z0-9_@]+\$|\bLinklens\b|\b(?:URLs?|APIs?|HTTPS?|JSON|SCAN_[A-Z_]+|localhost)\b/g;

/** True when a message has words to translate (not only tokens, digits and punctuation). */
export function hasWords(message: string): boolean {
  return /\p{L}{2,}/u.test(message.replace(TOKENS, ' '));
}

/**
 * Messages that may read exactly as in English, by locale, each with why: the word is the same
 * in that language. Everything else with words must be translated.
 */
export const SAME_AS_ENGLISH: Record<string, Record<string, string>> = {
  de: {
    category_phishing: '„Phishing“ is the German word',
    cs_cat_phishing: '„Phishing“ is the German word',
    sec_cache: '„Cache“ is the German word',
    scopes: 'the service calls them scopes; German UIs keep the term',
    details: '„Details“ is the German word',
    cs_details: '„Details“ is the German word',
  },
  fr: {
    actions: '« Actions » is the French word',
    sec_protection: '« Protection » is the French word',
    group_protection: '« Protection » is the French word',
    sec_cache: '« Cache » is the French word',
    disputeVerdict: '« Verdict » is the French word',
  },
  es: {
    no: '«No» is the Spanish word',
  },
};

/** Keys of `lang` whose message is English where a translation is expected. */
export function untranslated(
  lang: string,
  locale: Locale = readLocale(lang),
  english: Locale = readLocale('en'),
): string[] {
  const allowed = SAME_AS_ENGLISH[lang] ?? {};
  return Object.keys(english).filter(
    (k) => locale[k]?.message === english[k]!.message && hasWords(english[k]!.message) && !(k in allowed),
  );
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface EnglishPattern {
  key: string;
  /** Whole-text match for one short word ("Why", "Save"); a substring match otherwise. */
  test: (text: string) => boolean;
}

/**
 * How to find each English message of `english` that `locale` words differently in rendered
 * text. A message becomes a pattern with its placeholders as wildcards; a short one-word message
 * must be a whole text node (or attribute) so it is not found inside other words.
 */
export function englishPatterns(locale: Locale, english: Locale = readLocale('en')): EnglishPattern[] {
  const out: EnglishPattern[] = [];
  for (const [key, entry] of Object.entries(english)) {
    const msg = entry.message;
    if (key === 'locale' || locale[key]?.message === msg || !hasWords(msg)) continue;
    const literal = msg.replace(/\$[A-Za-z0-9_@]+\$/g, ' ').trim();
    const words = literal.split(/\s+/).filter((w) => /\p{L}/u.test(w));
    if (words.length <= 1 && literal.length <= 12) {
      // "Why", "Save", "Trust $SITE$": the whole text, placeholders as wildcards.
      const re = new RegExp(
        `^${msg
          .split(/\$[A-Za-z0-9_@]+\$/)
          .map(escape)
          .join('.+?')}$`,
        'u',
      );
      out.push({ key, test: (text) => re.test(text.trim()) });
    } else {
      const body = msg
        .split(/\$[A-Za-z0-9_@]+\$/)
        .map(escape)
        .join('[\\s\\S]*?');
      const re = new RegExp(`(?<![\\p{L}])${body}(?![\\p{L}])`, 'u');
      out.push({ key, test: (text) => re.test(text) });
    }
  }
  return out;
}

/** English messages found in `texts` (what a page shows in `lang`): "key: text". */
export function englishIn(texts: string[], lang: string): string[] {
  const patterns = englishPatterns(readLocale(lang));
  const found = new Set<string>();
  for (const text of texts)
    for (const p of patterns) if (p.test(text)) found.add(`${p.key}: ${JSON.stringify(text.trim())}`);
  return [...found];
}

/**
 * Message keys shown instead of text (t() shows the key when no locale has it). Only keys that
 * look like keys (camelCase or snake_case), so a service field called "state" is not one.
 */
export function rawKeysIn(texts: string[]): string[] {
  const keys = new Set(Object.keys(readLocale('en')).filter((k) => /[A-Z_]/.test(k)));
  for (const base of [...keys]) if (/_(one|other)$/.test(base)) keys.add(base.replace(/_(one|other)$/, ''));
  return texts.filter((t) =>
    t
      .trim()
      .split(/\s+/)
      .some((w) => keys.has(w)),
  );
}

/** What a person can read or hear on the page: text nodes, labels, titles, placeholders. */
export function visibleTexts(root: Document = document): string[] {
  const out: string[] = [];
  if (root.title) out.push(root.title);
  const walker = root.createTreeWalker(root.body, 4 /* NodeFilter.SHOW_TEXT */);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement?.tagName;
    if (parent === 'SCRIPT' || parent === 'STYLE') continue;
    if (n.textContent?.trim()) out.push(n.textContent);
  }
  for (const el of root.body.querySelectorAll('*')) {
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-valuetext']) {
      const v = el.getAttribute(attr);
      if (v?.trim()) out.push(v);
    }
  }
  return out;
}
