/**
 * What happens when the person points at, focuses or activates a link: hover intent and the
 * `link.hover` ask, the tooltip, and the confirmation before a block-level link opens. Built by
 * the app on the first such event (app.ts `interaction`), not at load: a page nobody touches
 * never runs (or compiles) any of it.
 */
import type { ContentConfig, ContentToBackground, LinkInfo, Reply } from '@/src/shared/messaging/protocol';
import { createActivationGuard } from './activation-guard';
import { MAX_LINK_TEXT } from '@/src/shared/messaging/limits';
import { shouldAsk } from './freshness';
import { HoverIntent } from './hover-intent';
import { parseHoverReply } from './incoming';
import type { LinkStore } from './link-store';
import { linkUrlOf } from './link-url';
import { openIntent, type OpenIntent } from './open-intent';
import { createTooltipControl, type Resting } from './tooltip-control';
import type { PageUi } from './ui';

export interface InteractionDeps {
  ui: PageUi;
  ctx: { readonly isValid: boolean; setTimeout(handler: () => void, timeout?: number): number };
  now: () => number;
  store: LinkStore;
  send: <T>(message: ContentToBackground) => Promise<Reply<T>>;
  navigate: (url: string, intent: OpenIntent) => void;
  /** The background's answers reach the page's links through the app. */
  applyInfos: (infos: Map<string, LinkInfo>) => void;
  /** The hover settings as known now (defaults until `config.get` has answered). */
  config: () => ContentConfig;
  /** Resolves once `config.get` has answered (it goes out when a link is first reached). */
  configLoaded: () => Promise<void>;
  /** Whether an event came from the person (page-events.ts `trusted`). */
  trusted?: (event: Event) => boolean;
}

export function createInteraction(d: InteractionDeps) {
  const { ui, ctx, now, store } = d;
  const tips = createTooltipControl({ ui, ctx, now, infoFor: (url) => store.info(url), trusted: d.trusted });
  let enteredAt = 0;

  const intent = new HoverIntent({
    delayMs: () => d.config().hoverDelayMs,
    setTimer: (cb, ms) => ctx.setTimeout(cb, ms),
    clearTimer: (id) => clearTimeout(id),
    onIntent: (el) => void intended(el),
  });
  /**
   * The intent may fire on the default delay while the settings are still on their way: wait
   * out the configured one, then ask if the pointer or focus is still there.
   */
  async function intended(el: Element): Promise<void> {
    await d.configLoaded();
    const config = d.config();
    const left = config.hoverDelayMs - (now() - enteredAt);
    if (left > 0) ctx.setTimeout(() => tips.resting?.el === el && void askAbout(el, config), left);
    else if (tips.resting?.el === el) await askAbout(el, config);
  }

  async function askAbout(el: Element, config: ContentConfig): Promise<void> {
    if (!config.scanHovers) return;
    const url = linkUrlOf(el);
    if (!url || !shouldAsk(store.entry(url), now()) || !store.markAsked(url, now())) return;
    store.lookedUp.add(url);
    // The start of the text: the background checks whether it names another site (docs/decisions/003-every-hop.md).
    const text = (el.textContent ?? '').trim().slice(0, MAX_LINK_TEXT);
    const info = parseHoverReply(await d.send(text ? { type: 'link.hover', url, text } : { type: 'link.hover', url }));
    // A failed ask leaves what we knew; `askedAt` holds off the next ask (freshness.ts).
    if (info && ctx.isValid) d.applyInfos(new Map([[url, info]]));
  }

  const guard = createActivationGuard({
    dialog: () => ui.get().dialog,
    infoFor: (url) => store.info(url),
    // "Open anyway" grants nothing here: the link opens, the background's navigation block
    // shows the blocked page (an extension page), and its "Proceed anyway" is where the person
    // confirms (a content script may be the attacker's: it grants no pass, docs/decisions/001-content-tier.md).
    requestPass: async () => null,
    navigate: d.navigate,
    isValid: () => ctx.isValid,
    onIntercept: () => {
      intent.cancel();
      ui.built?.tooltip.hide();
    },
  });

  return {
    /** The tooltip's state (`resting`, `verdictChanged`, `cancelHide`: tooltip-control.ts). */
    tips,
    enter(el: Element, how: Resting['how']): void {
      enteredAt = now();
      tips.enter(el, how);
      intent.enter(el);
    },
    leave(el: Element): void {
      tips.leave(el);
      intent.leave(el);
    },
    /**
     * The person activated a link (page-events.ts passes only trusted events): the confirmation
     * when it is block-level, else the background hears that the navigation is the person's
     * (budgets.ts 'click': no other site's spending turns its check away).
     */
    guard(event: MouseEvent | KeyboardEvent, link: HTMLAnchorElement | HTMLAreaElement): void {
      guard(event, link);
      if (event.defaultPrevented) return;
      const url = linkUrlOf(link);
      if (url && openIntent(event, link.target ?? ''))
        void d.send({ type: 'link.activated', url }).catch(() => undefined);
    },
    stop(): void {
      intent.cancel();
      tips.stop();
    },
  };
}

export type Interaction = ReturnType<typeof createInteraction>;
