/**
 * Opaque shorteners asked where a short link leads (docs/decisions/003-every-hop.md), only with the
 * `resolveShorteners` setting (off by default: the request tells the shortener about the link).
 * One HEAD request, without cookies or referrer, never following the redirect (the destination
 * must not be contacted before it is judged), recorded in the ledger as sent to the shortener.
 *
 * Reading the answer: with `redirect: 'manual'` fetch hands back an opaque redirect whose
 * Location header is hidden from scripts (Fetch standard, "atomic HTTP redirect handling"), so
 * the background watches its own request's response headers (webRequest.onHeadersReceived,
 * observation only) and takes Location from there. A readable header (tests' fake fetch) is
 * used too. No answer, an error or a Location that is not http(s): null, and the short URL is
 * judged as it is (the service scans it, like any URL).
 */
import { ignore } from '@/src/background/ignore';
import { browser } from 'wxt/browser';
import type { LedgerEntry, ScanReason } from '@/src/shared/messaging/protocol';
import type { WindowKind } from '@/src/shared/window-kind';
import { headWithoutCookies } from '../api/short-link-head';
import { incognitoUrls } from '../state/incognito-urls';
import { parseWeb } from '@/src/shared/url/parse-web';

const MAX_REMEMBERED = 500;
const TIMEOUT_MS = 5000;

export interface ShortLinks {
  /** Asks the shortener (at most once per short URL and worker life). */
  /**
   * `windowKind`: the window that asked (a private or unknown one's ask stays in memory: the
   * ledger line too); absent: no window asked, kept in memory as an unknown one's.
   */
  resolve(url: string, reason: ScanReason, windowKind?: WindowKind): Promise<string | null>;
  /** What an earlier ask learned; undefined when never asked. */
  known(url: string): string | null | undefined;
}

export interface ShortLinksDeps {
  /** Default: api/short-link-head.ts (HEAD, no cookies, redirect not followed). */
  head?: (url: string, signal: AbortSignal) => Promise<Response>;
  /** Location of the HEAD response to `url` as the browser saw it (default: webRequest). */
  watchLocation?: (url: string) => { location: (waitMs: number) => Promise<string | null>; stop: () => void };
  record: (e: LedgerEntry) => Promise<void>;
  now?: () => number;
}

type HeadersDetails = {
  url: string;
  method: string;
  tabId: number;
  responseHeaders?: { name: string; value?: string }[];
};

/** Events reach the worker on their own schedule: fetch may resolve before its headers event. */
const EVENT_WAIT_MS = 1000;

function webRequestLocation(url: string) {
  let seen: string | null | undefined;
  let wake: (() => void) | null = null;
  const listener = (d: HeadersDetails) => {
    if (d.url !== url || d.method !== 'HEAD' || d.tabId !== -1) return;
    seen = d.responseHeaders?.find((h) => h.name.toLowerCase() === 'location')?.value ?? null;
    wake?.();
  };
  const location = (waitMs: number) =>
    seen !== undefined
      ? Promise.resolve(seen)
      : new Promise<string | null>((resolve) => {
          const timer = setTimeout(() => resolve(seen ?? null), waitMs);
          wake = () => {
            clearTimeout(timer);
            resolve(seen ?? null);
          };
        });
  const events = (
    browser as unknown as {
      webRequest?: {
        onHeadersReceived?: { addListener: (...a: unknown[]) => void; removeListener: (l: unknown) => void };
      };
    }
  ).webRequest?.onHeadersReceived;
  try {
    events?.addListener(listener, { urls: ['<all_urls>'] }, ['responseHeaders']);
  } catch {
    // Without it only a readable Location header resolves.
  }
  return { location, stop: () => events?.removeListener(listener) };
}

/** An absolute http(s) URL from a Location value (relative ones resolve against the short URL). */
export function locationTarget(location: string | null, base: string): string | null {
  return location ? (parseWeb(location, base)?.href ?? null) : null;
}

export function createShortLinks(deps: ShortLinksDeps): ShortLinks {
  const head = deps.head ?? headWithoutCookies;
  const watch = deps.watchLocation ?? webRequestLocation;
  const now = deps.now ?? Date.now;
  const learned = new Map<string, string | null>();
  const asking = new Map<string, Promise<string | null>>();

  async function ask(url: string, reason: ScanReason, windowKind: WindowKind): Promise<string | null> {
    // Like the service's sends: a private window's ask stays in memory (incognito-urls.ts).
    incognitoUrls.note(url, windowKind);
    const watcher = watch(url);
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), TIMEOUT_MS);
    try {
      await deps.record({ url, at: now(), reason, sentTo: 'shortener' }).catch(ignore);
      const res = await head(url, ctl.signal);
      // A 3xx arrives as an opaque redirect (status 0): wait for the browser's view of it.
      const readable = res.headers.get('location');
      const waitMs =
        readable === null && (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400))
          ? EVENT_WAIT_MS
          : 0;
      return locationTarget(readable ?? (await watcher.location(waitMs)), url);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
      watcher.stop();
    }
  }

  return {
    resolve(url, reason, windowKind = 'unknown') {
      if (learned.has(url)) return Promise.resolve(learned.get(url)!);
      const running = asking.get(url);
      if (running) return running;
      const p = ask(url, reason, windowKind).then((to) => {
        if (learned.size >= MAX_REMEMBERED) learned.delete(learned.keys().next().value as string);
        learned.set(url, to);
        asking.delete(url);
        return to;
      });
      asking.set(url, p);
      return p;
    },
    known: (url) => learned.get(url),
  };
}
