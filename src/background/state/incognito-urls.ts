/**
 * URLs whose scan was asked for from a private (incognito) window, or from a context whose
 * window is unknown (unknown counts as private: treatAsPrivate, src/shared/window-kind.ts). What
 * Linklens learns about them — the job, the verdict, the ledger line, the history entry — is
 * kept in memory only and never written to the private store, so it is gone when the background stops, like the private window's own data.
 *
 * A later ask from a normal window takes the URL out (the normal window would have stored it
 * anyway). Bounded: past MAX_URLS the oldest marks go; reaching that needs 50,000 different
 * private sends in one background life (MV3 backgrounds stop after ~30 s idle).
 */
import { treatAsPrivate, type WindowKind } from '@/src/shared/window-kind';

export const MAX_URLS = 50_000;

export interface IncognitoUrls {
  /** A check that may send `url` (normalized) was asked for from a window of this kind. */
  note(url: string, kind: WindowKind): void;
  /** True when what is learnt about `url` must stay in memory. */
  has(url: string): boolean;
  clear(): void;
}

export function createIncognitoUrls(max = MAX_URLS): IncognitoUrls {
  const urls = new Set<string>();
  return {
    note(url, kind) {
      if (!treatAsPrivate(kind)) {
        urls.delete(url);
        return;
      }
      urls.delete(url); // re-insert: the newest mark is the last to go
      urls.add(url);
      if (urls.size > max) urls.delete(urls.values().next().value as string);
    },
    has: (url) => urls.has(url),
    clear: () => urls.clear(),
  };
}

/** The background's one set (the stores and the checker of one worker life share it). */
export const incognitoUrls = createIncognitoUrls();
