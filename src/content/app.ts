/**
 * The content script's parts wired together: discovery → lookups → markers, hover intent →
 * `link.hover`, pushed updates, the tooltip and the confirmation. `main.ts` builds it with the
 * real browser; tests build it with fakes (a mocked `send`, happy-dom, fake timers).
 */
import { browser } from 'wxt/browser';
import type { ContentToBackground, LinkInfo, Reply } from '@/src/shared/messaging/protocol';
import { createActivationGuard } from './activation-guard';
import { collectLinks } from './collect';
import { shouldAsk } from './freshness';
import { HoverIntent } from './hover-intent';
import { DEFAULT_CONTENT_CONFIG, parseConfigReply, parseHoverReply, parseLinkInfos } from './incoming';
import { LinkStore } from './link-store';
import { LinkTracker } from './link-tracker';
import { linkUrlOf } from './link-url';
import type { ChunkLimits } from './link-walker';
import { LookupBatcher } from './lookup-batcher';
import { createMessageListener } from './message-listener';
import type { OpenIntent } from './open-intent';
import { ConfirmDialog } from './overlay/confirm-dialog';
import { Markers } from './overlay/markers';
import { OverlayHost } from './overlay/overlay-host';
import { Tooltip } from './overlay/tooltip';
import { listenToPage } from './page-events';
import { announcement, markerKind } from './verdict-view';

/** The parts of WXT's ContentScriptContext we use (all cleanup goes through it). */
export interface ContextLike {
  readonly signal: AbortSignal;
  readonly isValid: boolean;
  setTimeout(handler: () => void, timeout?: number): number;
  setInterval(handler: () => void, timeout?: number): number;
  onInvalidated(cb: () => void): () => void;
}

export interface ContentDeps {
  ctx: ContextLike;
  win: Window;
  doc: Document;
  send: <T>(message: ContentToBackground) => Promise<Reply<T>>;
  now: () => number;
  navigate: (url: string, intent: OpenIntent) => void;
  yieldToPage: (cb: () => void) => void;
  /** Top frame: the only one answering `links.collect` (it also reads same-origin child frames). */
  isTop: boolean;
  chunkLimits?: ChunkLimits;
  /** Pointer events from the person only (default `event.isTrusted`; tests dispatch their own). */
  trustEvent?: (event: Event) => boolean;
}

const TOOLTIP_GRACE_MS = 300;
const REPOSITION_EVERY_MS = 1000;

export function createContentApp(deps: ContentDeps) {
  const { ctx, doc, win, send, now } = deps;
  const store = new LinkStore();
  const overlay = new OverlayHost(doc);
  const viewport = () => ({ width: doc.documentElement.clientWidth || win.innerWidth, height: doc.documentElement.clientHeight || win.innerHeight });
  const markers = new Markers(overlay, viewport);
  const tooltip = new Tooltip(overlay, viewport);
  const dialog = new ConfirmDialog(overlay);
  const stats = { hoverAsks: 0 };
  let config = DEFAULT_CONTENT_CONFIG;
  /** The link the pointer or keyboard focus is on now (set by page events, cleared on leave). */
  let resting: { el: Element; how: 'pointer' | 'focus' } | null = null;

  const batcher = new LookupBatcher({
    send: (urls) => send({ type: 'links.lookup', urls }),
    onInfos: applyInfos,
    onSent: (urls) => {
      for (const url of urls) {
        const entry = store.entry(url);
        if (entry) entry.lookedUp = true;
        for (const el of store.anchors(url)) tracker.unwatchVisibility(el);
      }
    },
    setTimer: (cb, ms) => ctx.setTimeout(cb, ms),
  });

  const tracker = new LinkTracker({
    doc,
    now,
    limits: deps.chunkLimits,
    yieldToPage: deps.yieldToPage,
    isOurs: (node) => node === overlay.host,
    onLink: trackLink,
    onVisible: (el) => {
      const url = store.urlOf(el);
      if (url) batcher.promote(url);
    },
    onMutations: () => markers.count > 0 && scheduleReposition(),
  });

  const intent = new HoverIntent({
    delayMs: () => config.hoverDelayMs,
    setTimer: (cb, ms) => ctx.setTimeout(cb, ms),
    clearTimer: (id) => clearTimeout(id),
    onIntent: (el) => void askAbout(el),
  });

  function trackLink(el: Element): void {
    const url = linkUrlOf(el);
    if (!url) {
      if (store.untrack(el) !== null) markers.remove(el);
      return;
    }
    const tracked = store.track(el, url);
    if (!tracked) return;
    if (!tracked.entry.lookedUp) {
      batcher.enqueue(url);
      tracker.watchVisibility(el);
    }
    render(el, tracked.entry.info);
  }

  function render(el: Element, info: LinkInfo | undefined): void {
    const kind = markerKind(info);
    if (kind && info) {
      markers.set(el, info, kind);
      scheduleReposition();
    } else markers.remove(el);
    if (tooltip.anchor === el) {
      if (kind && info) {
        tooltip.show(el, info, kind);
        markers.placeNow(el);
      } else tooltip.hide();
    } else if (kind && resting?.el === el) {
      // The verdict the hover asked for arrived while the pointer (or focus) is still on the
      // link: show the tooltip now, not only on the next enter ("a tooltip on hover", issue 4).
      showTooltip(el, resting.how === 'focus');
    }
  }

  function applyInfos(infos: Map<string, LinkInfo>): void {
    const at = now();
    for (const [url, info] of infos) {
      if (!store.setInfo(url, info, at)) continue;
      for (const el of store.anchors(url)) render(el, info);
    }
  }

  async function askAbout(el: Element): Promise<void> {
    if (!config.scanHovers) return;
    const url = linkUrlOf(el);
    if (!url) return;
    const tracked = store.track(el, url);
    if (!tracked || !shouldAsk(tracked.entry, now())) return;
    store.markAsked(url, now());
    stats.hoverAsks++;
    const info = parseHoverReply(await send({ type: 'link.hover', url }));
    // A failed ask leaves what we knew; `askedAt` holds off the next ask (freshness.ts).
    if (info && ctx.isValid) applyInfos(new Map([[url, info]]));
  }

  // ── tooltip and keyboard announcement ────────────────────────────────────────────────────
  let hideTimer: number | null = null;
  const cancelHide = () => {
    if (hideTimer !== null) clearTimeout(hideTimer);
    hideTimer = null;
  };
  const scheduleHide = () => {
    cancelHide();
    if (tooltip.anchor) hideTimer = ctx.setTimeout(() => tooltip.hide(), TOOLTIP_GRACE_MS);
  };
  function showTooltip(el: Element, announce: boolean): boolean {
    const url = store.urlOf(el) ?? linkUrlOf(el);
    const info = url ? store.entry(url)?.info : undefined;
    const kind = markerKind(info);
    if (!kind || !info) return false;
    cancelHide();
    if (tooltip.anchor !== el) {
      tooltip.show(el, info, kind);
      markers.placeNow(el);
    }
    if (announce) {
      overlay.live.textContent = '';
      // A changed text is what screen readers announce: set it in a later task.
      ctx.setTimeout(() => (overlay.live.textContent = announcement(info, kind)), 50);
    }
    return true;
  }

  let repositionQueued = false;
  function scheduleReposition(): void {
    if (repositionQueued) return;
    repositionQueued = true;
    ctx.setTimeout(() => {
      repositionQueued = false;
      markers.reposition();
      tooltip.reposition();
    }, 16);
  }

  const guard = createActivationGuard({
    dialog,
    infoFor: (url) => store.entry(url)?.info,
    // "Open anyway" grants nothing here: the link opens, the background's navigation block
    // shows the blocked page (an extension page), and its "Proceed anyway" is where the person
    // confirms (issue 11, hole 5: a content script may be the attacker's; it grants no pass).
    requestPass: async () => null,
    navigate: deps.navigate,
    isValid: () => ctx.isValid,
    onIntercept: () => {
      intent.cancel();
      tooltip.hide();
    },
  });

  const onMessage = createMessageListener({
    isTop: deps.isTop,
    collect: () => collectLinks(doc, tracker.shadowRoots),
    // Only URLs this frame has: a push for another frame's links costs no validation here.
    update: (links) => applyInfos(parseLinkInfos(links, (url) => store.entry(url) !== undefined)),
  });
  type Listener = Parameters<typeof browser.runtime.onMessage.addListener>[0];

  function start(): void {
    browser.runtime.onMessage.addListener(onMessage as Listener);
    ctx.onInvalidated(stop);
    listenToPage({
      ctx,
      win,
      doc,
      isOurs: (t) => overlay.isHost(t),
      onLinkEnter: (el, how) => {
        resting = { el, how };
        intent.enter(el);
        if (!showTooltip(el, how === 'focus')) scheduleHide();
      },
      onLinkLeave: (el) => {
        if (resting?.el === el) resting = null;
        intent.leave(el);
        scheduleHide();
      },
      onOverlayEnter: cancelHide,
      onActivate: guard,
      onEscape: () => tooltip.hide(),
      onViewportChange: () => (markers.count > 0 || tooltip.anchor) && scheduleReposition(),
      trusted: deps.trustEvent,
    });
    ctx.setInterval(() => markers.count > 0 && scheduleReposition(), REPOSITION_EVERY_MS);
    void send({ type: 'config.get' }).then((reply) => {
      config = parseConfigReply(reply);
    });
    tracker.start();
  }

  function stop(): void {
    browser.runtime.onMessage.removeListener(onMessage as Listener);
    tracker.stop();
    batcher.stop();
    intent.cancel();
    cancelHide();
    dialog.close(false);
    markers.clear();
    tooltip.hide();
    overlay.destroy();
    store.clear();
  }

  return { start, stop, store, overlay, markers, tooltip, dialog, tracker, batcher, stats, config: () => config };
}

export type ContentApp = ReturnType<typeof createContentApp>;
