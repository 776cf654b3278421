/**
 * Convention test (three layers of tests, docs/decisions/017-surfaces.md): every locale is complete (English's key
 * set), no English key is unused, placeholders match English, a non-English locale has no English
 * left where a translation is expected, and each language's typography is kept. The rendered
 * pages are checked for English text in locales-render.test.tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_LABEL_KEYS } from '@/src/ui/labels';
import { ERROR_KEYS } from '@/src/ui/components/error-text';
import { HEADLINE_KEYS, STRICT_WHY_KEYS } from '@/src/ui/blocked/headline';
import { OUTCOME_KEYS } from '@/src/ui/options/connection-outcome';
import { SECTION_TITLE_KEYS } from '@/src/ui/options/options-app';
import { GROUP_TITLE_KEYS } from '@/src/ui/options/option-groups';
import { STEP_TITLE_KEYS } from '@/src/ui/firstrun/steps';
import { CONTENT_STRINGS } from '@/src/content/strings';
import { readLocale } from './helpers';
import { LOCALES, NON_ENGLISH, SAME_AS_ENGLISH, hasWords, untranslated, usedPlaceholders } from './locale-checks';
import { IGNORED_KEYS, WEAKEN_KEYS } from '@/src/ui/options/import-plan-view';
import { HOST_ENTRY_PROBLEM_KEYS, IMPORT_WORD_KEYS, SETTING_LABEL_KEYS } from '@/src/shared/policy/import-words';
import { EVENT_TYPE_KEYS } from '@/src/ui/options/reporting-section';
import { LOOKALIKE_REASON_KEYS } from '@/src/ui/popup/sign-in-state';
import { WHY_AUDIT_KEYS, WHY_KEYS } from '@/src/shared/policy/why';
import { BADGE_PROGRESS } from '@/src/background/surfaces/badge';
import { API_ERROR_CODES } from '@/src/background/api/errors';

const ROOT = path.resolve(__dirname, '../../..');
const SOURCE_DIRS = ['src', 'entrypoints'];
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function files(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? files(path.join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [path.join(dir, e.name)] : [],
    );
}

interface Usage {
  /** Keys named literally: t('key' …), msg('key' …) and say('key' …) (background), message('key'), mount(<App />, 'titleKey'), cs_key for the content script's t('key'). */
  literal: Map<string, string>;
  /** Plural messages: tn('key', n) reads key_one, key_other, … (src/ui/plural.ts). */
  plural: Map<string, string>;
  /** Keys the manifest names as __MSG_key__ (wxt.config.ts). */
  manifest: string[];
}

function usage(): Usage {
  const literal = new Map<string, string>();
  const plural = new Map<string, string>();
  for (const file of SOURCE_DIRS.flatMap(files)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    // The content script's t('key') reads cs_key (src/content/strings.ts).
    const prefix = file.startsWith(`src${path.sep}content`) ? 'cs_' : '';
    for (const m of text.matchAll(/\b(?:t|msg|message|say)\(\s*['"]([^'"]+)['"]/g)) literal.set(prefix + m[1]!, file);
    for (const m of text.matchAll(/\bmount\([^,]+,\s*['"]([^'"]+)['"]/g)) literal.set(m[1]!, file);
    for (const m of text.matchAll(/\btn\(\s*['"]([^'"]+)['"]/g)) plural.set(m[1]!, file);
  }
  const config = fs.readFileSync(path.join(ROOT, 'wxt.config.ts'), 'utf8');
  const manifest = [...config.matchAll(/__MSG_([A-Za-z0-9_]+)__/g)].map((m) => m[1]!);
  return { literal, plural, manifest };
}

/**
 * Keys read through a map or a prefix rather than literally: the label maps, error, headline,
 * outcome and section titles (src/ui), and the content script's strings, which it reads as
 * `cs_<key>` (src/content/strings.ts).
 */
const DYNAMIC = [
  ...ALL_LABEL_KEYS,
  ...Object.values(ERROR_KEYS),
  ...HEADLINE_KEYS,
  ...STRICT_WHY_KEYS,
  ...Object.values(OUTCOME_KEYS),
  ...Object.values(SECTION_TITLE_KEYS),
  ...Object.values(GROUP_TITLE_KEYS),
  ...Object.values(STEP_TITLE_KEYS),
  ...Object.values(WEAKEN_KEYS),
  ...Object.values(IGNORED_KEYS),
  ...Object.values(SETTING_LABEL_KEYS),
  ...Object.values(HOST_ENTRY_PROBLEM_KEYS),
  ...IMPORT_WORD_KEYS,
  ...Object.values(EVENT_TYPE_KEYS),
  ...Object.values(LOOKALIKE_REASON_KEYS),
  ...WHY_KEYS,
  ...Object.values(WHY_AUDIT_KEYS),
  ...Object.values(BADGE_PROGRESS).map((p) => p.key),
  'errGeneric', // the background's errorKey() fallback (src/shared/message-keys.ts)
  ...API_ERROR_CODES.map((code) => `bg_api_${code}`), // the API client's default messages (src/background/api/errors.ts)
  ...Object.keys(CONTENT_STRINGS).map((k) => `cs_${k}`),
];

const en = readLocale('en');

/** Keys some code reads, and the plural bases. */
function usedKeys(): Set<string> {
  const u = usage();
  const used = new Set([...u.literal.keys(), ...u.manifest, ...DYNAMIC]);
  for (const base of u.plural.keys())
    for (const k of Object.keys(en)) if (k.startsWith(`${base}_`) && PLURAL_SUFFIX.test(k)) used.add(k);
  return used;
}

/** A locale's extra plural form (e.g. a `_few` for a language that has it) is not an extra key. */
function isPluralFormOf(lang: string, key: string): boolean {
  const m = PLURAL_SUFFIX.exec(key);
  if (!m) return false;
  const base = key.slice(0, -m[0].length);
  return (
    `${base}_other` in en &&
    new Intl.PluralRules(lang).resolvedOptions().pluralCategories.includes(m[1] as Intl.LDMLPluralRule)
  );
}

describe('locales', () => {
  it('English, German, French, Spanish and Japanese are there', () => {
    expect(LOCALES).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es', 'ja']));
  });

  it('the scan of the code finds the keys (sanity check of the patterns)', () => {
    const u = usage();
    expect(u.literal.size).toBeGreaterThan(100);
    expect(u.literal.has('testConnection')).toBe(true);
    expect(u.literal.has('popupTitle')).toBe(true);
    expect(u.literal.has('menuCheckLink')).toBe(true); // background msg()
    expect(u.plural.has('ledgerCount')).toBe(true);
    expect(u.manifest).toEqual(expect.arrayContaining(['extName', 'extDescription']));
    // The content script still reads its strings as cs_<key>.
    expect(fs.readFileSync(path.join(ROOT, 'src/content/strings.ts'), 'utf8')).toContain('message(`cs_${key}`');
  });

  it('every key the code uses is in English (plural messages with their one and other forms)', () => {
    const u = usage();
    const missing = [...u.literal].filter(([k]) => !en[k]?.message).map(([k, f]) => `${k} (${f})`);
    for (const [base, f] of u.plural)
      for (const form of ['one', 'other']) if (!en[`${base}_${form}`]?.message) missing.push(`${base}_${form} (${f})`);
    for (const k of [...u.manifest, ...DYNAMIC])
      if (!en[k]?.message) missing.push(`${k} (map, content script or manifest)`);
    expect(missing).toEqual([]);
  });

  it('no English key is unused', () => {
    const used = usedKeys();
    // `locale` is read by textLanguage() through message('locale'), found literally above.
    expect(Object.keys(en).filter((k) => !used.has(k))).toEqual([]);
  });

  for (const lang of LOCALES) {
    describe(lang, () => {
      const locale = readLocale(lang);

      it('has every English key, with a message, and no key English lacks', () => {
        const missing = Object.keys(en).filter(
          (k) => typeof locale[k]?.message !== 'string' || (hasWords(en[k]!.message) && !locale[k]!.message.trim()),
        );
        const extra = Object.keys(locale).filter((k) => !(k in en) && !isPluralFormOf(lang, k));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      // The warn-level announcement sends a keyboard user to a context-menu item by its name
      // (src/content/verdict-view.ts announcement): the name must be the item's, word for word.
      it('the keyboard hint of a warning quotes the context menu item as that item is named', () => {
        expect(locale.cs_action_warn_keys?.message).toContain(locale.menuCheckLink!.message);
      });

      it('names its own language in the locale key', () => {
        expect(locale.locale?.message).toBe(lang);
      });

      // MDN manifest.json name/description: Edge's store takes 45 characters of name (AMO 50,
      // Chrome 75); Chrome and Firefox show up to 132 characters of description.
      it("fits the stores' limits for the manifest name (45) and description (132 characters)", () => {
        expect(locale.extName!.message.length).toBeLessThanOrEqual(45);
        expect(locale.extDescription!.message.length).toBeLessThanOrEqual(132);
      });

      it('uses the same placeholders as English, each declared, with the same $n', () => {
        const problems: string[] = [];
        for (const [key, entry] of Object.entries(locale)) {
          const ref = en[key] ?? en[key.replace(PLURAL_SUFFIX, '_other')];
          if (!ref) continue;
          const used = usedPlaceholders(entry.message);
          const declared = Object.keys(entry.placeholders ?? {}).sort();
          for (const name of used)
            if (!declared.includes(name)) problems.push(`${key}: $${name.toUpperCase()}$ is not declared`);
          if (used.join() !== usedPlaceholders(ref.message).join())
            problems.push(`${key}: message uses [${used}], English [${usedPlaceholders(ref.message)}]`);
          const contents = (e: typeof entry) =>
            Object.entries(e.placeholders ?? {})
              .map(([n, p]) => `${n}=${p.content}`)
              .sort()
              .join();
          if (contents(entry) !== contents(ref))
            problems.push(`${key}: placeholders ${contents(entry)} differ from English ${contents(ref)}`);
        }
        expect(problems).toEqual([]);
      });
    });
  }

  for (const lang of NON_ENGLISH) {
    it(`${lang}: no message is left in English (except the listed ones, which are the same word)`, () => {
      expect(untranslated(lang)).toEqual([]);
    });

    it(`${lang}: the allowed same-as-English keys are still the same (the list stays short and true)`, () => {
      const locale = readLocale(lang);
      const stale = Object.keys(SAME_AS_ENGLISH[lang] ?? {}).filter((k) => locale[k]?.message !== en[k]?.message);
      expect(stale).toEqual([]);
    });
  }
});

/** Each language's typography, checked where a translator is most likely to slip. */
describe('typography', () => {
  /** Text without what is not prose: placeholders, URLs, a quoted single character like « ? ». */
  const prose = (s: string) => s.replace(/\$[A-Za-z0-9_@]+\$/g, 'X').replace(/https?:\/\/[\x21-\x7e]+/g, 'URL');
  const offenders = (lang: string, bad: (text: string) => boolean) =>
    Object.entries(readLocale(lang))
      .filter(([, e]) => bad(prose(e.message)))
      .map(([k, e]) => `${k}: ${e.message}`);

  it('fr: a non-breaking space before : and a narrow one before ; ! ?, inside « », and typographic apostrophes', () => {
    expect(
      offenders('fr', (s) =>
        /[^\u00a0]:|[^\u202f][;!?]|«[^\u00a0]|[^\u00a0]»|'|[“”"]/.test(
          s.replace(/«\u00a0\?\u00a0»/g, '«\u00a0X\u00a0»'),
        ),
      ),
    ).toEqual([]);
  });

  it('es: every ? and ! opens with ¿ and ¡, quotes are « »', () => {
    expect(
      offenders(
        'es',
        (s) =>
          (s.match(/\?/g)?.length ?? 0) !== (s.match(/¿/g)?.length ?? 0) + (s.includes('«?»') ? 1 : 0) ||
          (s.match(/!/g)?.length ?? 0) !== (s.match(/¡/g)?.length ?? 0) ||
          /[“”"]/.test(s),
      ),
    ).toEqual([]);
  });

  it('ja: full-width punctuation (、。：（）？) and 「」 quotes, no half-width ones in prose', () => {
    expect(offenders('ja', (s) => /[,:;!()"“”]|\.(?!\d)|\?/.test(s.replace(/「\?」/g, '「X」')))).toEqual([]);
  });
});
