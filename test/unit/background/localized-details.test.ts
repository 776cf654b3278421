// docs/decisions/017-surfaces.md: what the background writes for people (error details, badge titles,
// notification texts) comes from _locales in the browser's language, not English literals.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlePage } from '@/src/background/handlers/pages';
import { apiError } from '@/src/background/api/errors';
import { badgeFor } from '@/src/background/surfaces/badge';
import { tn } from '@/src/background/i18n';
import type { App } from '@/src/background/app';
import { installI18n } from '../ui/helpers';

beforeEach(() => fakeBrowser.reset());

describe('background words in the UI language', () => {
  it('an expired blocked-page token is explained in French', async () => {
    installI18n('fr');
    const r = await handlePage({} as App, { type: 'blocked.proceed', token: 'no-such-token' });
    expect(r).toEqual({ ok: false, error: { code: 'invalid_token', message: 'Cet avertissement a expiré.' } });
  });

  it("an API error without the service's own words gets ours, in German", () => {
    installI18n('de');
    expect(apiError('network', '').message).toBe('Der Dienst war nicht erreichbar.');
    // The service's own text stays as the service wrote it.
    expect(apiError('server', 'Datenbank down').message).toBe('Datenbank down');
  });

  it('badge titles in Japanese: progress, and the band by its label', () => {
    installI18n('ja');
    expect(badgeFor({ kind: 'checking', state: 'PROCESSING', since: 0 }, { paused: false, problem: null }).title).toBe(
      'Linklens：検査サービスがこのページを分析中',
    );
    const v = {
      url: 'https://x.test/',
      scanId: 's',
      riskScore: 88,
      band: 'malicious' as const,
      confidence: 1,
      categories: [],
      reasoning: '',
      indicators: [],
      checkedAt: 0,
    };
    const band = (fakeBrowser.i18n as unknown as { getMessage(k: string): string }).getMessage('band_malicious');
    expect(band).not.toBe('Malicious');
    expect(
      badgeFor(
        { kind: 'verdict', verdict: v, decision: { action: 'block', reason: 'x' } },
        { paused: false, problem: null },
      ).title,
    ).toBe(`Linklens：${band}（88/100）`);
  });

  it('plural forms follow the language of the text: one and other in English, French 0 and 1 are "one"', () => {
    installI18n('en');
    expect(tn('notifyPageTitle', 1)).toBe('Linklens: 1 risky link on this page');
    expect(tn('notifyPageTitle', 2)).toBe('Linklens: 2 risky links on this page');
    installI18n('fr');
    expect(tn('notifyPageTitle', 0)).toBe('Linklens\u00a0: 0 lien risqué sur cette page');
    expect(tn('notifyPageBody', 1, ['1', '5'])).toBe(
      '1 des 5 liens vérifiés sur cette page est risqué. Cliquez pour aller à la page.',
    );
  });
});
