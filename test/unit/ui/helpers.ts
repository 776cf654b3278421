/**
 * Shared setup for the page tests: real locale text through a small i18n emulator (fakeBrowser
 * does not implement i18n), and a background stand-in answering PageToBackground messages the
 * way the router does (sendResponse + return true, fakeBrowser honours only sendResponse + return true).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PageToBackground, Reply } from '@/src/shared/messaging/protocol';
import { OPTION_SECTIONS } from '@/src/ui/options/sections';

export interface LocaleMessage {
  message: string;
  placeholders?: Record<string, { content: string }>;
}
export type Locale = Record<string, LocaleMessage>;

export const LOCALES_DIR = path.resolve(__dirname, '../../../public/_locales');

export function readLocale(lang: string): Locale {
  return JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lang, 'messages.json'), 'utf8')) as Locale;
}

/** chrome.i18n semantics: $NAME$ → placeholder content, then $1…$9 → substitutions. */
export function format(entry: LocaleMessage | undefined, subs: string[] = []): string {
  if (!entry) return '';
  let text = entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (_, name: string) => {
    const ph = entry.placeholders?.[name.toLowerCase()];
    return ph ? ph.content : '';
  });
  text = text.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
  return text;
}

/** Like the browser: a key the UI language lacks comes from the default locale (English), else ''. */
export function installI18n(lang = 'en'): void {
  const locale = readLocale(lang);
  const fallback = readLocale('en');
  const i18n = fakeBrowser.i18n as unknown as Record<string, unknown>;
  i18n.getMessage = (key: string, subs?: string | string[]) =>
    format(locale[key] ?? fallback[key], subs === undefined ? [] : Array.isArray(subs) ? subs : [subs]);
  i18n.getUILanguage = () => lang;
}

/** English text of a key, with substitutions (what the page should show). */
export function en(key: string, ...subs: (string | number)[]): string {
  return format(readLocale('en')[key], subs.map(String));
}

/**
 * English plural message (`<key>_one` / `<key>_other`, as tn() picks them for English), the count
 * formatted as English numbers unless substitutions are given.
 */
export function enCount(key: string, count: number, ...subs: (string | number)[]): string {
  const forms = readLocale('en');
  const form = forms[`${key}_${new Intl.PluralRules('en').select(count)}`] ?? forms[`${key}_other`];
  return format(
    form,
    (subs.length ? subs : [count]).map((s) => (typeof s === 'number' ? s.toLocaleString('en') : s)),
  );
}

type Handler = (m: any) => Reply | Promise<Reply> | unknown;
export type Handlers = Partial<Record<PageToBackground['type'], Handler>>;

/**
 * Answer messages from `handlers` (a handler returning a non-Reply value is wrapped in ok()).
 * Returns the list of messages received, in order.
 */
export function answer(handlers: Handlers): PageToBackground[] {
  const calls: PageToBackground[] = [];
  fakeBrowser.runtime.onMessage.addListener(((
    message: PageToBackground,
    _sender: unknown,
    sendResponse: (r: unknown) => void,
  ) => {
    calls.push(message);
    const h = handlers[message.type];
    if (!h) {
      sendResponse({ ok: false, error: { code: 'unhandled', message: `no handler for ${message.type}` } });
      return true;
    }
    void Promise.resolve(h(message)).then((r) => sendResponse(isReply(r) ? r : { ok: true, data: r }));
    return true;
  }) as never);
  return calls;
}

const isReply = (r: unknown): r is Reply =>
  !!r && typeof r === 'object' && 'ok' in r && typeof (r as Reply).ok === 'boolean';

export const okReply = <T>(data: T): Reply<T> => ({ ok: true, data });
export const failReply = (code: string, message = ''): Reply<never> => ({ ok: false, error: { code, message } });

export const sent = (calls: PageToBackground[], type: PageToBackground['type']) => calls.filter((c) => c.type === type);

/** beforeEach: reset the fake browser and install English; afterEach: unmount. */
export function setupUiTest(lang = 'en'): void {
  beforeEach(() => {
    fakeBrowser.reset();
    installI18n(lang);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    // The options page follows the fragment: the next test starts at the first group.
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  });
}

/**
 * The options page shows one group at a time, chosen by the fragment: call before rendering to
 * open the group of the section whose English title is `title` (as a link to #<section> does).
 */
export function optionsAt(title: string): void {
  const section = OPTION_SECTIONS.find((s) => en(s.titleKey) === title);
  if (!section) throw new Error(`no options section titled ${JSON.stringify(title)}`);
  history.replaceState(null, '', `#${section.id}`);
}

/**
 * The popup asks for the active tab of the current window. fakeBrowser starts without a current
 * window (its tabs.query then throws), so the query is answered directly.
 */
export function openActiveTab(id = 7, url = 'https://login.example-bank.test/signin'): number {
  vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation((async () => [
    { id, url, active: true, index: 0, windowId: 1, highlighted: true, incognito: false, pinned: false },
  ]) as never);
  return id;
}
