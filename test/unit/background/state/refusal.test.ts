/**
 * Why a setting was refused, in words (src/background/state/refusal.ts): the issues the real
 * settings schema raises, put in the person's language; and what an issue of another shape gets.
 */
import { describe, it, expect, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SettingsShape, type SettingKey } from '@/src/shared/policy/settings';
import { refusalOf, type IssueLike } from '@/src/background/state/refusal';
import { say } from '@/src/background/i18n';
import { installI18n } from '../../ui/helpers';

beforeEach(() => {
  fakeBrowser.reset();
  installI18n('en');
});

const refusal = (key: SettingKey, value: unknown) => {
  const r = SettingsShape.shape[key].safeParse(value);
  if (r.success) throw new Error(`${key}: ${JSON.stringify(value)} was accepted`);
  return refusalOf(r.error.issues[0], say);
};

describe('a refused setting, in words', () => {
  it.each<[SettingKey, unknown, string]>([
    ['hoverDelayMs', 10, 'too small (at least 50)'],
    ['hoverDelayMs', 1e9, 'too large (at most 5000)'],
    ['hoverDelayMs', '300', 'must be a number'],
    ['warnThreshold', 5.5, 'must be a whole number'],
    ['scanHovers', 'yes', 'must be on or off'],
    ['strictFailMode', 'maybe', 'must be one of: allow, block'],
    ['allowlist', ['a'.repeat(301)], 'entry 1: too long (at most 300)'],
    ['protectedSignInDomains', ['bank.example', ''], 'entry 2: must not be empty'],
    ['blocklist', Array.from({ length: 5001 }, () => 'x.example'), 'too many entries (at most 5000)'],
    ['allowlist', 'ok.example', 'invalid value'],
  ])('%s = %j → "%s"', (key, value, words) => {
    expect(refusal(key, value)).toBe(words);
  });

  it.each<[string, IssueLike | undefined, string]>([
    ['no issue at all', undefined, 'invalid value'],
    ['an issue of a shape zod may add later', { code: 'not_a_code' }, 'invalid value'],
    ['too many entries', { code: 'too_big', origin: 'array', maximum: 200 }, 'too many entries (at most 200)'],
    ['too few entries', { code: 'too_small', origin: 'array', minimum: 2 }, 'too few entries (at least 2)'],
    ['a short text', { code: 'too_small', origin: 'string', minimum: 8 }, 'too short (at least 8)'],
    [
      'a value inside a map names its key',
      { code: 'too_small', origin: 'number', minimum: 1, path: ['high'] },
      'high: too small (at least 1)',
    ],
    ['an enum without its values', { code: 'invalid_value' }, 'invalid value'],
  ])('%s', (_name, issue, words) => {
    expect(refusalOf(issue, say)).toBe(words);
  });

  it('speaks the person’s language', () => {
    installI18n('de');
    expect(refusal('hoverDelayMs', 10)).toBe('zu klein (mindestens 50)');
  });
});
