/**
 * Convention test (style.md 13): every message key the pages use exists in every locale, with the
 * same placeholders; English and German are complete (same key set).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_LABEL_KEYS } from '@/src/ui/labels';
import { ERROR_KEYS } from '@/src/ui/components/error-text';
import { HEADLINE_KEYS, STRICT_WHY_KEYS } from '@/src/ui/blocked/headline';
import { OUTCOME_KEYS } from '@/src/ui/options/connection-outcome';
import { SECTION_TITLE_KEYS } from '@/src/ui/options/options-app';
import { LOCALES_DIR, readLocale } from './helpers';

const ROOT = path.resolve(__dirname, '../../..');
const SOURCE_DIRS = ['src/ui', 'src/background', 'entrypoints/popup', 'entrypoints/options', 'entrypoints/blocked', 'entrypoints/report'];

function files(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

/** Keys used literally: t('key' …), msg('key' …) (background) and mount(<App />, 'titleKey'). */
function keysInCode(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of SOURCE_DIRS.flatMap(files)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const m of text.matchAll(/\b(?:t|msg)\(\s*'([^']+)'/g)) found.set(m[1]!, file);
    for (const m of text.matchAll(/\bmount\([^,]+,\s*'([^']+)'/g)) found.set(m[1]!, file);
  }
  return found;
}

const locales = fs.readdirSync(LOCALES_DIR).filter((d) => fs.existsSync(path.join(LOCALES_DIR, d, 'messages.json')));
const placeholders = (lang: string, key: string) => Object.keys(readLocale(lang)[key]?.placeholders ?? {}).sort();

describe('locales', () => {
  it('there are at least English and German', () => {
    expect(locales).toEqual(expect.arrayContaining(['en', 'de']));
  });

  it('the scan of the code finds the keys (sanity check of the regex)', () => {
    const keys = keysInCode();
    expect(keys.size).toBeGreaterThan(100);
    expect(keys.has('testConnection')).toBe(true);
    expect(keys.has('popupTitle')).toBe(true);
  });

  const dynamic = [...ALL_LABEL_KEYS, ...Object.values(ERROR_KEYS), ...HEADLINE_KEYS, ...STRICT_WHY_KEYS, ...Object.values(OUTCOME_KEYS), ...Object.values(SECTION_TITLE_KEYS)];

  for (const lang of locales) {
    it(`${lang}: has every key used in code`, () => {
      const locale = readLocale(lang);
      const missing = [...keysInCode().entries()].filter(([k]) => !locale[k]?.message).map(([k, f]) => `${k} (${f})`);
      expect(missing).toEqual([]);
    });

    it(`${lang}: has every key of the label maps`, () => {
      const locale = readLocale(lang);
      expect(dynamic.filter((k) => !locale[k]?.message)).toEqual([]);
    });

    it(`${lang}: every $NAME$ in a message has a placeholder, and the same ones as English`, () => {
      const locale = readLocale(lang);
      const problems: string[] = [];
      for (const [key, entry] of Object.entries(locale)) {
        const used = [...entry.message.matchAll(/\$([A-Za-z0-9_]+)\$/g)].map((m) => m[1]!.toLowerCase()).sort();
        const declared = Object.keys(entry.placeholders ?? {}).sort();
        for (const u of used) if (!declared.includes(u)) problems.push(`${key}: $${u}$ undeclared`);
        if (placeholders('en', key).join() !== declared.join()) problems.push(`${key}: placeholders differ from en`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('English and German have the same keys', () => {
    expect(Object.keys(readLocale('de')).sort()).toEqual(Object.keys(readLocale('en')).sort());
  });
});
