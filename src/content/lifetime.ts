/**
 * How long the content script lives: until the extension itself goes away (update, reload,
 * uninstall), which the orphaned script sees as `runtime.id` being undefined.
 *
 * No WXT ContentScriptContext is involved (entrypoints/content-script.ts is a plain script): WXT's
 * context ends itself when a "newer copy of this script started" CustomEvent reaches `document`,
 * an event any page can dispatch once it knows the extension's id (test/e2e/content.e2e.test.ts,
 * hostile page), and it announces itself to the page on every load. Linklens never injects a
 * second copy of this script (it comes from the manifest only: scripting.executeScript injects
 * just the sign-in guard, which starts once per frame, and the background's "check all links"
 * reader), so nothing here listens to the page for its end.
 *
 * | what happens                                 | extension alive | effect               |
 * |----------------------------------------------|-----------------|----------------------|
 * | a timer fires / `isValid` is read            | yes             | handler runs         |
 * | a timer fires / `isValid` is read            | no              | end, handler skipped |
 * | an idle callback fires                       | either          | runs unless ended (*)|
 * | `end()`                                      | either          | end (once)           |
 *
 * (*) Idle callbacks only look at the page; asking whether the extension is alive touches the
 * extension API, which makes the browser build its bindings for this frame: a frame that never
 * needs them (no links) should not pay for that. Anything they start that talks to the
 * background goes through a timer or `isValid`.
 *
 * Ending aborts `signal` (every listener registered with it goes) and runs the `onInvalidated`
 * callbacks once; timers already set find it ended when they fire.
 */
export interface Lifetime {
  readonly signal: AbortSignal;
  readonly isValid: boolean;
  setTimeout(handler: () => void, timeout?: number): number;
  requestIdleCallback(cb: () => void, options?: { timeout?: number }): number;
  onInvalidated(cb: () => void): () => void;
  end(): void;
}

export interface LifetimeDeps {
  /** False once the extension context is gone. */
  extensionAlive: () => boolean;
  win: Pick<Window, 'setTimeout'> & Partial<Pick<Window, 'requestIdleCallback'>>;
}

export function createLifetime({ extensionAlive, win }: LifetimeDeps): Lifetime {
  const controller = new AbortController();
  const callbacks = new Set<() => void>();

  const end = () => {
    if (controller.signal.aborted) return;
    controller.abort();
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
    requestIdleCallback: (cb, options) =>
      typeof win.requestIdleCallback === 'function'
        ? win.requestIdleCallback(() => !controller.signal.aborted && cb(), options)
        : win.setTimeout(() => !controller.signal.aborted && cb(), 0),
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
