// The steps of the hold-cost measurement (hold-cost.ts): a sign-in page visited, its verdict
// learnt, the person's submission, and when the form's POST and the page's verdict happened.
// Every time is the same machine's clock: the site's server's log, the service's job record, and
// the bench's own Date.now() at the key press.
import type { BrowserContext, Page } from 'playwright-core';
import type { LoginSite } from '../e2e/harness/login-site';
import { requestFromExtensionPage } from '../e2e/harness/extension-messages';
import type { LinksLookupData } from '../../src/shared/messaging/content-tier';
import type { ScanningService } from '../service/server';
import type { BenchExtension } from './bench-browser';
import { waitFor } from '../e2e/harness/wait-for';

export const WAIT_MS = 15_000;
/** What the person types into the password field (the POST must carry it: nothing was lost). */
export const PASSWORD = 's3cret-pw';

export interface Post {
  at: number;
  /** The POST carried the typed password (the held keys were replayed, none lost). */
  complete: boolean;
}

/** The first sign-in POST that reached `host` at or after `since`. */
export async function postAfter(site: LoginSite, host: string, since: number): Promise<Post> {
  const post = await site.first(
    (r) => r.host === host && r.method === 'POST' && r.path === '/signin' && r.at >= since,
    WAIT_MS,
  );
  if (!post) throw new Error(`no sign-in POST reached ${host} within ${WAIT_MS} ms`);
  return { at: post.at, complete: new URLSearchParams(post.body).get('pw') === PASSWORD };
}

/**
 * Whether the page's own script heard the Enter's keydown (its beacon to `/leak`): a key the hold
 * guard held never reaches the page, whose form is then submitted by the guard's replay. The
 * beacon may arrive after the signed-in page: it is waited for up to a second.
 */
export async function heardEnter(site: LoginSite, host: string, since: number): Promise<boolean> {
  const beacon = await site.first(
    (r) => r.host === host && r.path === '/leak' && r.at >= since && r.body.startsWith('field-keydown:Enter'),
    1000,
  );
  return beacon !== null;
}

export async function openPage(context: BrowserContext, url: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(url, { waitUntil: 'load', timeout: WAIT_MS });
  return tab;
}

/** Visits `url` once and waits until Linklens has its verdict cached. */
export async function learn(be: BenchExtension, url: string): Promise<void> {
  const tab = await openPage(be.ext.context, url);
  await waitFor(
    `Linklens's cached verdict for ${url}`,
    () => requestFromExtensionPage<LinksLookupData>(be.control, { type: 'links.lookup', urls: [url] }),
    (data) => data[url]?.status === 'verdict',
    WAIT_MS,
    50,
  );
  await tab.close();
}

/**
 * The person signs in: the password field focused, the password typed, then Enter (a trusted
 * key press, as Playwright's keyboard sends them). Returns the moment just before the Enter.
 */
export async function signIn(tab: Page): Promise<number> {
  await tab.focus('#pw');
  await tab.keyboard.type(PASSWORD);
  const t0 = Date.now();
  await tab.keyboard.press('Enter');
  return t0;
}

/**
 * Closes a tab that submitted the form, once the answer's page has loaded. A close while the
 * POST's answer commits is acknowledged by Chromium and then dropped (crbug.com/536385539, still
 * seen with Chromium 156 and Playwright 1.65.1): `page.close()` then never returns, and the
 * browser opens no new tab after it.
 */
export async function closeSignedIn(tab: Page): Promise<void> {
  await tab.waitForURL((u) => u.pathname === '/signin', { waitUntil: 'load', timeout: WAIT_MS });
  await tab.close();
}

/**
 * When the service finished the check of the page on `host` that was asked before `before`
 * (the latest of them: the page's hold waits for every hop of it), or NaN when none had.
 */
export function verdictAt(svc: ScanningService, host: string, before: number): number {
  const done = svc
    .scans()
    .filter((s) => new URL(s.url).hostname === host && Date.parse(s.createdAt) <= before && s.completedAt)
    .map((s) => Date.parse(s.completedAt!));
  return done.length ? Math.max(...done) : Number.NaN;
}
