/**
 * Two start-up races seen only in Firefox runs of the browser suites, reproduced over fakeBrowser:
 * - two menu rebuilds at once (onInstalled and the policy's first read) must leave each menu
 *   entry created once, never "already exists";
 * - two badge refreshes at once (a progress step and the verdict right after) must leave the
 *   newest refresh's text and title together, never the verdict's text under the step's title;
 * - the browser clears a tab's badge when a new document takes it, at a moment of its own: the
 *   end of the load writes the badge again.
 */
import { describe, it, expect, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerMenus, MENU_IDS } from '@/src/background/surfaces/context-menu';
import { refreshBadge, wireOutputs } from '@/src/background/outputs';
import type { App } from '@/src/background/app';
import type { UrlStatus } from '@/src/shared/verdict';
import { installI18n } from '../../ui/helpers';
import { whenIdle } from '@/src/background/idle';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

beforeEach(() => {
  fakeBrowser.reset();
  installI18n('en');
});

describe('menu rebuilds', () => {
  it('two rebuilds at once create each entry once (Firefox refuses a duplicate id)', async () => {
    const live = new Set<string>();
    const errors: string[] = [];
    Object.assign(fakeBrowser.contextMenus, {
      // As Firefox: removeAll removes what exists when called and answers later; create refuses
      // an id that exists.
      removeAll: vi.fn(async () => {
        live.clear();
        await tick(5);
      }),
      create: vi.fn((p: { id: string }) => {
        if (live.has(p.id)) errors.push(`The menu id ${p.id} already exists`);
        live.add(p.id);
        return p.id;
      }),
    });
    registerMenus();
    registerMenus();
    await whenIdle();
    expect(errors).toEqual([]);
    expect([...live].sort()).toEqual(Object.values(MENU_IDS).sort());
    expect(fakeBrowser.contextMenus.create).toHaveBeenCalledTimes(6);
  });
});

/** The badge text each tab was given last (fakeBrowser leaves the action API unimplemented). */
function recordBadgeTexts(): Map<number, string> {
  const texts = new Map<number, string>();
  Object.assign(fakeBrowser.action, {
    setBadgeText: vi.fn(async (d: { tabId: number; text: string }) => void texts.set(d.tabId, d.text)),
    setBadgeBackgroundColor: vi.fn(async () => undefined),
    setTitle: vi.fn(async () => undefined),
  });
  return texts;
}

describe('badge refreshes', () => {
  it('an older refresh that finishes later does not overwrite the newer one', async () => {
    const shown = { text: '', title: '' };
    Object.assign(fakeBrowser.action, {
      setBadgeText: vi.fn(async (d: { text: string }) => {
        await tick(3);
        shown.text = d.text;
      }),
      setBadgeBackgroundColor: vi.fn(async () => tick(3)),
      setTitle: vi.fn(async (d: { title: string }) => {
        await tick(3);
        shown.title = d.title;
      }),
    });
    const checking: UrlStatus = { kind: 'checking', state: 'PROCESSING', since: 0 };
    const verdict = {
      kind: 'verdict',
      verdict: { riskScore: 70, band: 'high' },
      decision: { action: 'warn' },
    } as unknown as UrlStatus;
    let calls = 0;
    const app = {
      // The first (older) lookup answers after the second (newer) one.
      checker: { lookup: vi.fn(async () => ({ status: ++calls === 1 ? (await tick(20), checking) : verdict })) },
      settings: { get: async () => ({ settings: { allowPause: false } }) },
      engine: { problem: () => null },
    } as unknown as App;
    await Promise.all([refreshBadge(app, 7, 'https://a.example/'), refreshBadge(app, 7, 'https://a.example/')]);
    expect(shown.text).toBe('70');
    expect(shown.title).toMatch(/70/);
    expect(shown.title).not.toMatch(/analys/i);
  });

  it('refreshes of different tabs do not hold each other back', async () => {
    const texts = recordBadgeTexts();
    const app = {
      checker: {
        lookup: vi.fn(async () => ({
          status: { kind: 'blocklisted', decision: { action: 'block' } } as unknown as UrlStatus,
        })),
      },
      settings: { get: async () => ({ settings: { allowPause: false } }) },
      engine: { problem: () => null },
    } as unknown as App;
    await Promise.all([refreshBadge(app, 1, 'https://a.example/'), refreshBadge(app, 2, 'https://b.example/')]);
    expect(texts.get(1)).toBe('X');
    expect(texts.get(2)).toBe('X');
  });

  it('a badge the browser cleared when the page committed is written again when its load completes', async () => {
    const texts = recordBadgeTexts();
    const none = () => undefined;
    const app = {
      checker: {
        lookup: vi.fn(async () => ({ status: { kind: 'checking', state: 'QUEUED' } as unknown as UrlStatus })),
      },
      settings: { get: async () => ({ settings: { allowPause: false } }) },
      engine: { problem: () => null, onUpdate: none, onProblem: none },
      pageScans: { onFinished: none },
      navigation: { noteCommitted: async () => undefined },
    } as unknown as App;
    wireOutputs(app);
    const tab = { id: 5, url: 'https://a.example/', incognito: false } as never;
    // Another change of the tab (its title) writes nothing.
    await fakeBrowser.tabs.onUpdated.trigger(5, { title: 'A' }, tab);
    await whenIdle();
    expect(texts.has(5)).toBe(false);
    // The load's end: the step (queued) is shown again, whatever the browser cleared before.
    await fakeBrowser.tabs.onUpdated.trigger(5, { status: 'complete' }, tab);
    await whenIdle();
    expect(texts.get(5)).toBe('··');
  });
});
