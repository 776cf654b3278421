// Attacker code for compromised-content.e2e.test.ts. The first group runs in the extension's
// content-script world (JourneyPage.inContentScript), the last function in the page's own world
// (JourneyPage.evaluate). Each function is serialized and run elsewhere: it must be
// self-contained (types only from here), and return JSON-able data.

// ── attacker code (runs in the content-script world; self-contained, serialized) ─────────────

/** The extension API a content script has (types only: nothing here is evaluated in node). */
interface StorageArea {
  get(keys: null): Promise<unknown>;
  set(items: object): Promise<void>;
}
interface ExtensionApi {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  storage: Record<string, StorageArea | undefined>;
}
type ExtGlobals = { browser?: ExtensionApi; chrome?: ExtensionApi };

/** Sends each message as the content script would; returns the replies (or what was thrown). */
export function sendAll(messages: unknown[]): Promise<unknown[]> {
  const api = ((globalThis as ExtGlobals).browser ?? (globalThis as ExtGlobals).chrome)!;
  return Promise.all(
    messages.map((m) =>
      api.runtime.sendMessage(m).then(
        (r: unknown) => r,
        (e: unknown) => ({ thrown: String(e) }),
      ),
    ),
  );
}

/** Everything each storage area lets this world read. */
export async function readStorage(): Promise<Record<string, { ok: boolean; data?: unknown; error?: string }>> {
  const api = ((globalThis as ExtGlobals).browser ?? (globalThis as ExtGlobals).chrome)!;
  const out: Record<string, { ok: boolean; data?: unknown; error?: string }> = {};
  for (const area of ['local', 'sync', 'session', 'managed']) {
    try {
      const a = api.storage[area];
      if (!a) throw new Error('no such area here');
      out[area] = { ok: true, data: await a.get(null) };
    } catch (e) {
      out[area] = { ok: false, error: String((e as Error)?.message ?? e) };
    }
  }
  return out;
}

/** Writes forged records where Linklens keeps them; returns what each write did. */
export async function forgeStorage(evil: string): Promise<Record<string, string>> {
  const api = ((globalThis as ExtGlobals).browser ?? (globalThis as ExtGlobals).chrome)!;
  const attempts: Array<[string, string, object]> = [
    // A cached policy pointing the service (and so the key) at the attacker, locked.
    [
      'local',
      'managedCache',
      { managedCache: { serviceUrl: evil, lockAll: true, scanNavigations: true, allowlist: ['attacker.test'] } },
    ],
    // The person's own settings, pointed at the attacker.
    [
      'local',
      'settings',
      {
        settings: {
          version: 1,
          serviceUrl: evil,
          scanNavigations: true,
          scanHovers: true,
          allowlist: ['attacker.test'],
        },
      },
    ],
    // Protection paused, a pass for everything, fresh budgets.
    ['session', 'pausedUntil', { pausedUntil: -1 }],
    ['session', 'budgets', { budgets: null }],
  ];
  const out: Record<string, string> = {};
  for (const [area, key, value] of attempts) {
    try {
      const a = api.storage[area];
      if (!a) throw new Error('no such area here');
      await a.set(value);
      out[`${area}.${key}`] = 'written';
    } catch (e) {
      out[`${area}.${key}`] = `refused: ${String((e as Error)?.message ?? e)}`;
    }
  }
  return out;
}

/** Hover intent for `n` distinct links, as fast as messages go. */
export async function hoverLoop(arg: {
  base: string;
  n: number;
}): Promise<{ ms: number; statuses: Record<string, number> }> {
  const api = ((globalThis as ExtGlobals).browser ?? (globalThis as ExtGlobals).chrome)!;
  const started = Date.now();
  const statuses: Record<string, number> = {};
  for (let i = 0; i < arg.n; i++) {
    const r = (await api.runtime.sendMessage({ type: 'link.hover', url: `${arg.base}/hover-loop/${i}` })) as {
      ok?: boolean;
      data?: { status?: string };
    };
    const k = r?.ok ? String(r.data?.status) : 'refused';
    statuses[k] = (statuses[k] ?? 0) + 1;
  }
  return { ms: Date.now() - started, statuses };
}

/** Navigates this document every `everyMs` to a URL answering 204 (the page stays). */
export function startNavigationLoop(arg: { base: string; everyMs: number }): number {
  const g = globalThis as unknown as { __llLoop?: ReturnType<typeof setInterval>; __llLoopCount?: number };
  g.__llLoopCount = 0;
  g.__llLoop = setInterval(() => {
    location.href = `${arg.base}/no-content/${g.__llLoopCount!++}`;
  }, arg.everyMs);
  return Date.now();
}

export function stopNavigationLoop(): number {
  const g = globalThis as unknown as { __llLoop?: ReturnType<typeof setInterval>; __llLoopCount?: number };
  clearInterval(g.__llLoop);
  return g.__llLoopCount ?? -1;
}

export function navigateTo(url: string): boolean {
  location.href = url;
  return true;
}

// ── page code (the page's own world) ──────────────────────────────────────────────────────────

/** The page adds links and moves focus onto each (a.focus()), with synthetic pointer events. */
export async function fakeIntent(arg: { base: string; n: number; restMs: number }): Promise<number> {
  const list = document.createElement('ul');
  document.body.append(list);
  const links: HTMLAnchorElement[] = [];
  for (let i = 0; i < arg.n; i++) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `${arg.base}/focus-loop/${i}`;
    a.textContent = `link ${i}`;
    li.append(a);
    list.append(li);
    links.push(a);
  }
  for (const a of links) {
    a.focus();
    a.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));
    a.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
    await new Promise((r) => setTimeout(r, arg.restMs));
  }
  return links.length;
}
