/**
 * The content script's parts wired together: discovery → lookups → markers, hover intent →
 * `link.hover`, pushed updates, the tooltip and the confirmation. `main.ts` builds it with the
 * real browser; tests build it with fakes (a mocked `send`, happy-dom, fake timers).
 *
 * What runs when (docs/decisions/013-content-script.md: most pages never show a warning, and every page pays for load):
 * | moment                        | work                                                         |
 * |-------------------------------|--------------------------------------------------------------|
 * | load                          | only visit.ts's listeners: nothing until the person arrives  |
 * | the person arrives (start)    | page listeners (the page's, not the extension's: touching    |
 * |                               | the extension API makes the browser build its bindings)      |
 * | idle time                     | link discovery (discovery.ts), a few ms per idle callback     |
 * | links on or near the screen   | `links.lookup` batches (nearby.ts, lookup-batcher.ts); the   |
 * |                               | rest when scrolling or layout brings them near, or on reach  |
 * | first pointer/focus on a link | `config.get` (hover delay, whether hovers are checked), and   |
 * |                               | hover intent, tooltip, confirmation (interaction.ts)         |
 * | first thing to show           | the overlay: host, closed root, styles, markers (ui.ts)       |
 * | first input in a password     | `password.typed`, once per top-level page (password-typed.ts)  |
 * | field of the top page         |                                                              |
 */
import type { ContentToBackground, LinkInfo, Reply } from '@/src/shared/messaging/protocol';
import { LinkDiscovery, type LinkElement } from './discovery';
import { DEFAULT_CONTENT_CONFIG, parseConfigReply, parseLinkInfos } from './incoming';
import { createInteraction, type Interaction } from './interaction';
import { LinkStore } from './link-store';
import { LINK_SELECTOR, linkUrlOf } from './link-url';
import { LookupBatcher } from './lookup-batcher';
import { createMessageListener } from './message-listener';
import type { OpenIntent } from './open-intent';
import { listenToPage } from './page-events';
import { browserPlatform, type ContentPlatform } from './platform';
import { PageUi } from './ui';
import { Nearby } from './nearby';
import { createRepositioner } from './reposition';
import { markerKind } from './verdict-view';
import { t } from './strings';
import { watchPasswordInput } from './password-typed';

/** The parts of the lifetime (lifetime.ts) the app uses; all cleanup goes through it. */
export interface ContextLike {
  readonly signal: AbortSignal;
  readonly isValid: boolean;
  setTimeout(handler: () => void, timeout?: number): number;
  onInvalidated(cb: () => void): () => void;
}

export interface ContentDeps {
  ctx: ContextLike;
  win: Window;
  doc: Document;
  send: <T>(message: ContentToBackground) => Promise<Reply<T>>;
  /** Where background → content messages arrive (default: the browser's runtime.onMessage). */
  onMessage?: ContentPlatform['onMessage'];
  now: () => number;
  navigate: (url: string, intent: OpenIntent) => void;
  /** Runs `cb` when the page is idle (discovery's slices). */
  idle: (cb: () => void) => void;
  /** Discovery's budget per idle callback (ms). */
  budgetMs?: number;
  /** Pointer events from the person only (default `event.isTrusted`; tests dispatch their own). */
  trustEvent?: (event: Event) => boolean;
}

export function createContentApp(deps: ContentDeps) {
  const { ctx, doc, win, now } = deps;
  const onMessage = deps.onMessage ?? browserPlatform.onMessage;
  const store = new LinkStore();
  const viewport = () => ({
    width: doc.documentElement.clientWidth || win.innerWidth,
    height: doc.documentElement.clientHeight || win.innerHeight,
  });
  // "Report a mistake" (docs/decisions/017-surfaces.md): the background opens the report page, or says why not.
  const ui = new PageUi(doc, viewport, async (url) =>
    (await send({ type: 'report.open', url })).ok ? null : t('report_failed'),
  );
  let config = DEFAULT_CONTENT_CONFIG;
  let configReady: Promise<void> | null = null;
  let stopped = false;
  const moves = createRepositioner(ui, (fn, ms) => ctx.setTimeout(fn, ms));

  let listener: ReturnType<typeof createMessageListener> | null = null;
  function listen(): void {
    if (listener || stopped) return;
    listener = createMessageListener({
      // Only URLs this frame holds: a push for another frame's links costs no validation here.
      update: (links) => applyInfos(parseLinkInfos(links, (url) => store.entry(url) !== undefined)),
    });
    onMessage.addListener(listener);
  }
  /** Pushes answer what we asked: listening starts with the first message we send. */
  function send<T>(m: ContentToBackground): Promise<Reply<T>> {
    listen();
    return deps.send<T>(m);
  }

  const batcher = new LookupBatcher({
    send: (urls) => send({ type: 'links.lookup', urls }),
    onInfos: applyInfos,
    ignoresUnknown: (url) => store.entry(url) === undefined,
    onGiveUp: (urls) => urls.forEach((u) => store.lookedUp.delete(u)),
    setTimer: (cb, ms) => ctx.setTimeout(cb, ms),
  });

  const discovery = new LinkDiscovery({
    doc,
    now,
    idle: deps.idle,
    budgetMs: deps.budgetMs,
    isOurs: (node) => ui.isOurs(node),
    onLinks: found,
    onMutations: moves.viewportChanged,
  });

  const nearby = new Nearby({
    Observer: (win as Window & typeof globalThis).IntersectionObserver,
    onNear: trackLink,
  });

  /**
   * Discovery found `els`: each looked up once it is near the screen; at once if it is marked
   * already (its href changed) or an image map's area (no box of its own to observe).
   */
  function found(els: LinkElement[]): void {
    const marks = ui.built?.markers;
    nearby.add(
      els.filter((el) => {
        if (el.localName !== 'area' && !marks?.has(el)) return true;
        trackLink(el);
        return false;
      }),
    );
  }

  /** Pointer, focus and activation on links: built on the first such event (interaction.ts). */
  let interaction: Interaction | null = null;
  const act = () =>
    (interaction ??= createInteraction({
      ui,
      ctx,
      now,
      store,
      send,
      navigate: deps.navigate,
      applyInfos,
      config: () => config,
      configLoaded: loadConfig,
      trusted: deps.trustEvent,
    }));

  /** Looks `el`'s URL up if it is new, and shows what is known of it. Returns the URL, if any. */
  function trackLink(el: Element): string | null {
    const url = linkUrlOf(el);
    if (!url) {
      ui.built?.markers.remove(el);
      return null;
    }
    if (store.lookedUp.add(url)) batcher.enqueue(url);
    render(el, store.info(url));
    return url;
  }

  function render(el: Element, info: LinkInfo | undefined): void {
    const kind = markerKind(info);
    if (kind && info) {
      ui.get().markers.set(el, info, kind);
      moves.schedule();
      moves.follow();
    } else ui.built?.markers.remove(el);
    interaction?.tips.verdictChanged(el, info);
  }

  /** The connected links (document and known shadow roots) whose URL is one of `urls`. */
  function anchorsOf(urls: Set<string>): Element[] {
    const out: Element[] = [];
    const scan = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll(LINK_SELECTOR)) {
        const url = linkUrlOf(el);
        if (url && urls.has(url)) out.push(el);
      }
    };
    scan(doc);
    for (const root of discovery.shadowRoots) if (root.isConnected) scan(root);
    return out;
  }

  function applyInfos(infos: Map<string, LinkInfo>): void {
    const at = now();
    const changed = new Set<string>();
    for (const [url, info] of infos) if (store.setInfo(url, info, at)) changed.add(url);
    if (changed.size === 0) return;
    // Elements to redraw: links of a URL that now has a marker (asked of the page, rare), links
    // marked before (held by their markers), and the one the pointer or focus is on.
    const els = new Set<Element>();
    if ([...changed].some((url) => markerKind(store.info(url)))) for (const el of anchorsOf(changed)) els.add(el);
    for (const el of ui.built?.markers.elements() ?? []) if (changed.has(linkUrlOf(el) ?? '')) els.add(el);
    const resting = interaction?.tips.resting?.el;
    if (resting && changed.has(linkUrlOf(resting) ?? '')) els.add(resting);
    for (const el of els) render(el, store.info(linkUrlOf(el) ?? ''));
  }

  function loadConfig(): Promise<void> {
    configReady ??= send({ type: 'config.get' }).then((reply) => void (config = parseConfigReply(reply)));
    return configReady;
  }

  /** A link the pointer or focus reached: it matters now, whatever discovery has seen so far. */
  function reached(el: LinkElement): void {
    for (let root = el.getRootNode(); root.nodeType === 11; root = (root as ShadowRoot).host.getRootNode()) {
      discovery.noteShadowRoot(root as ShadowRoot);
    }
    const url = trackLink(el);
    if (url) batcher.promote(url);
    void loadConfig();
  }

  /** `first`: the person's event that started the frame (visit.ts), replayed to the app's listeners. */
  function start(first?: Event): void {
    ctx.onInvalidated(stop);
    listenToPage({
      first,
      ctx,
      win,
      doc,
      isOurs: (t) => ui.isOurs(t),
      onLinkEnter: (el, how) => {
        reached(el);
        act().enter(el, how);
      },
      onLinkLeave: (el) => act().leave(el),
      onOverlayEnter: () => interaction?.tips.cancelHide(),
      onActivate: (event, el) => act().guard(event, el),
      onEscape: () => ui.built?.tooltip.hide(),
      onViewportChange: moves.viewportChanged,
      trusted: deps.trustEvent,
    });
    discovery.start();
    // "You were there": once per page, that a password field here got input (never the text).
    watchPasswordInput({ win, signal: ctx.signal, send: deps.send, trusted: deps.trustEvent });
  }

  function stop(): void {
    stopped = true;
    if (listener) onMessage.removeListener(listener);
    discovery.stop();
    nearby.stop();
    batcher.stop();
    interaction?.stop();
    ui.destroy();
    store.clear();
  }

  return { start, stop, store, ui, discovery, nearby, batcher, config: () => config };
}

export type ContentApp = ReturnType<typeof createContentApp>;
