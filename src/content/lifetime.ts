/**
 * How long the content script lives, kept apart from one WXT behaviour that a page can abuse.
 *
 * WXT's ContentScriptContext ends itself when a "newer copy of this script started" CustomEvent
 * reaches `document`. The event's name is `<extension id>:content:wxt:content-script-started`,
 * and WXT also announces that name to the page with `window.postMessage`. So any page can read
 * it and dispatch the event: WXT aborts its signal, its timers stop firing, and every marker,
 * tooltip and click confirmation on the page is gone (test/e2e/content.e2e.test.ts, hostile
 * page). Linklens never injects a second copy (manifest content script only, no
 * scripting.executeScript), so the only real end is the extension itself going away (update,
 * reload, uninstall), which the old script sees as `browser.runtime.id` being undefined.
 *
 * | what happens                               | extension alive | effect            |
 * |--------------------------------------------|-----------------|-------------------|
 * | WXT invalidation (page-forged or genuine)  | yes             | ignored           |
 * | WXT invalidation                           | no              | end               |
 * | a timer fires / `isValid` is read          | no              | end, handler skipped |
 * | `end()`                                    | either          | end (once)        |
 *
 * Ending aborts `signal` (every listener registered with it goes), clears intervals and runs the
 * `onInvalidated` callbacks once, as WXT's context would.
 */
import type { ContextLike } from './app';

export interface Lifetime extends ContextLike {
  requestIdleCallback(cb: () => void, options?: { timeout?: number }): number;
  end(): void;
}

export interface LifetimeDeps {
  /** WXT's context: only its invalidation is listened to. */
  wxt: { onInvalidated(cb: () => void): () => void };
  /** False once the extension context is gone (`browser.runtime.id` undefined). */
  extensionAlive: () => boolean;
  win: Pick<Window, 'setTimeout' | 'setInterval' | 'clearInterval'> & Partial<Pick<Window, 'requestIdleCallback'>>;
}

export function createLifetime({ wxt, extensionAlive, win }: LifetimeDeps): Lifetime {
  const controller = new AbortController();
  const callbacks = new Set<() => void>();
  const intervals = new Set<number>();

  const end = () => {
    if (controller.signal.aborted) return;
    controller.abort();
    for (const id of intervals) win.clearInterval(id);
    intervals.clear();
    for (const cb of [...callbacks]) {
      try {
        cb();
      } catch {
        // one failing cleanup must not keep the others from running
      }
    }
    callbacks.clear();
  };
  const alive = (): boolean => {
    if (controller.signal.aborted) return false;
    if (extensionAlive()) return true;
    end();
    return false;
  };

  wxt.onInvalidated(() => {
    if (!extensionAlive()) end();
  });

  return {
    get signal() {
      return controller.signal;
    },
    get isValid() {
      return alive();
    },
    // Handlers check `alive()` when they fire rather than registering a cleanup per timer: hover
    // intent and repositioning set many short timers, and per-timer cleanups would pile up.
    setTimeout: (handler, timeout) => win.setTimeout(() => alive() && handler(), timeout),
    setInterval: (handler, timeout) => {
      const id = win.setInterval(() => alive() && handler(), timeout);
      if (controller.signal.aborted) win.clearInterval(id);
      else intervals.add(id);
      return id;
    },
    requestIdleCallback: (cb, options) =>
      typeof win.requestIdleCallback === 'function'
        ? win.requestIdleCallback(() => alive() && cb(), options)
        : win.setTimeout(() => alive() && cb(), 0),
    onInvalidated: (cb) => {
      if (controller.signal.aborted) {
        cb();
        return () => undefined;
      }
      callbacks.add(cb);
      return () => void callbacks.delete(cb);
    },
    end,
  };
}
