import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTENT_CONFIG,
  parseConfigReply,
  parseHoverReply,
  parseIncoming,
  parseLinkInfos,
} from '@/src/content/incoming';

describe('incoming messages', () => {
  it.each([
    ['undefined', undefined],
    ['a string', 'links.update'],
    ['an unknown type', { type: 'settings.get' }],
    ['links.update without links', { type: 'links.update' }],
    ['links.update with an array', { type: 'links.update', links: [] }],
    ['a content→background message', { type: 'link.hover', url: 'https://a.test/' }],
  ])('ignores %s', (_n, message) => {
    expect(parseIncoming(message)).toBeNull();
  });

  it('accepts the one background→content message, and no longer links.collect', () => {
    expect(parseIncoming({ type: 'links.collect' })).toBeNull();
    expect(parseIncoming({ type: 'links.update', links: {} })).toEqual({ type: 'links.update', links: {} });
  });

  it('keeps only entries that are valid LinkInfo and wanted', () => {
    const infos = parseLinkInfos(
      {
        'https://ok.test/': { status: 'verdict', action: 'block', band: 'malicious', riskScore: 99 },
        'https://bad-status.test/': { status: 'safe' },
        'https://bad-score.test/': { status: 'verdict', riskScore: 'high' },
        'https://not-wanted.test/': { status: 'verdict' },
        'https://null.test/': null,
      },
      (url) => url !== 'https://not-wanted.test/',
    );
    expect([...infos.keys()]).toEqual(['https://ok.test/']);
  });

  it('reads hover replies and refuses bad ones', () => {
    expect(parseHoverReply({ ok: true, data: { status: 'pending' } })).toEqual({ status: 'pending' });
    expect(parseHoverReply({ ok: true, data: { status: 'nope' } })).toBeNull();
    expect(parseHoverReply({ ok: false, error: { code: 'x', message: 'y' } })).toBeNull();
  });

  it('falls back to default config on a missing or bad reply', () => {
    expect(parseConfigReply({ ok: true, data: { hoverDelayMs: 500, scanHovers: false } })).toEqual({
      hoverDelayMs: 500,
      scanHovers: false,
    });
    expect(parseConfigReply({ ok: true, data: { hoverDelayMs: 1 } })).toEqual(DEFAULT_CONTENT_CONFIG);
    expect(parseConfigReply({ ok: false, error: { code: 'invalid_message', message: '' } })).toEqual(
      DEFAULT_CONTENT_CONFIG,
    );
  });
});
