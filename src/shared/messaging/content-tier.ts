/**
 * The content tier: what a content script may ask the background, what each request is answered
 * with, and what the background posts to it. Content scripts run in pages we do not control and
 * are UNTRUSTED (docs/decisions/001-content-tier.md): they may only ask for verdicts of URLs,
 * report hovers and link batches, and ask whether their own page is a look-alike sign-in page.
 * A request is validated where it arrives (router.ts); the content script checks what it gets
 * back with the hand-written guards of content-schemas.ts, held to the schemas here by a test.
 */
import '../zod-config';
import { z } from 'zod/mini';
import { dict, intIn, nonEmpty, str } from '../zod-lean';
import { BandSchema } from '../band-schema';
import { MAX_BATCH, MAX_LINK_TEXT } from './limits';
import { ofType, Url } from './schema-parts';
import type { ProtocolMap } from './reply';

// ───────────────────────── content script → background ─────────────────────────────────────
export const ContentToBackground = z.union([
  /**
   * The links of the sender's document, and what a warning about them needs: from the cache
   * only, nothing is sent. A content script learns only warn/block-level verdicts ("no warning"
   * for everything else, so a page cannot tell what was checked or visited), only for URLs its
   * own frame reported (a bounded number per document), and never when they were checked.
   */
  ofType('links.lookup', { urls: z.array(Url).check(z.maxLength(MAX_BATCH)) }),
  /**
   * Hover intent or keyboard focus rested on a link: check it (cache, else scan, within the
   * page's budgets: src/shared/policy/budgets.ts). Answered like links.lookup. `text`: the start
   * of the link's visible text; when it names another site than the link leads to, the answer is
   * a local warning (shared/url/lying-text.ts) and nothing is sent for the link (docs/decisions/003-every-hop.md).
   */
  ofType('link.hover', { url: Url, text: z.optional(str(MAX_LINK_TEXT)) }),
  /**
   * The person activated a link (a trusted click, middle-click or Enter on it): the navigation it
   * starts is theirs for the budgets (budgets.ts 'click'), which no other site's spending refuses.
   * Nothing is sent or answered; a content script claiming every navigation gains nothing past
   * its own site's budgets.
   */
  ofType('link.activated', { url: Url }),
  // No message grants a pass: "Proceed anyway" is on the blocked page, an extension page
  // (docs/decisions/001-content-tier.md). A content script may be the attacker's.

  /** The few settings a content script needs to behave. Nothing else of the settings ever reaches a page's context. */
  ofType('config.get'),
  /**
   * docs/decisions/016-organizations.md, sent by the sign-in guard (src/content/signin/, registered only while the policy
   * lists protectedSignInDomains): does the sender's page look like the organization's sign-in
   * page? The background takes the host from the sender's frame (or tab) URL, never from the
   * message, decides with shared/url/lookalike.ts and reports `lookalike.seen` once per
   * tab+host+trigger.
   */
  ofType('signin.check', { trigger: z.literal(['load', 'password-focus']) }),
  /**
   * docs/decisions/017-surfaces.md "Report a mistake" from the tooltip or the in-page confirmation: asks the background
   * to open the extension's report page for `url` in a new tab. Nothing is spent or changed:
   * the report page (an extension page) offers the privileged `verdict.dispute`, which rescans.
   * Accepted only for a URL the sender's own document reported that has a warn/block verdict,
   * and only a few times per tab (background/content-tier/report-open.ts).
   */
  ofType('report.open', { url: Url }),
  /**
   * "You were there" (background/visits/password-typed.ts): a password field of the sender's
   * top-level page got input, at most once per page. No fields: the background takes the host,
   * the frame and the window from what the browser says of the sender, and records only a yes
   * with a time for the host (never the text, never sent anywhere). A page sending it at will
   * marks its own host only.
   */
  ofType('password.typed'),
  /**
   * Sent by the hold guard (src/content/hold/) of a tab's top frame: are this page's password
   * fields and form submissions to be held, because its own verdict is still pending? The page is
   * the sender's, as the browser stamps it, never a field of the message; a frame below the top
   * is always answered 'go'. `wait`: answer once the page's check settles (or after a while).
   */
  ofType('page.hold', { wait: z.optional(z.boolean()) }),
]);
export type ContentToBackground = z.infer<typeof ContentToBackground>;
export type ContentType = ContentToBackground['type'];

/** Message types a content script may send. Used by the router and the convention test. */
export const CONTENT_TYPES = ContentToBackground.def.options.map((o) => o.shape.type.def.values[0] as ContentType);

// ───────────────────────── what the content tier is answered with ──────────────────────────
const LinkWhySchema = z.object({
  key: z.literal(['org_blocklist', 'user_blocklist', 'score_block', 'score_warn', 'low_confidence']),
  nums: z.array(z.number()).check(z.maxLength(4)),
});

/**
 * What a content script may learn about a link. Deliberately narrower than UrlStatus: no scan
 * ids, no settings, no key, no timestamps. A content script gets the verdict fields only for
 * warn/block-level links (background/content-tier/link-info.ts `forContent`), `{status: 'unknown'}`
 * otherwise. Service text (reasoning, categories, indicators) is plain strings and must be
 * rendered as text.
 */
export const LinkInfoSchema = z.object({
  status: z.literal(['pending', 'verdict', 'skipped', 'unknown', 'error']),
  action: z.optional(z.literal(['allow', 'annotate', 'warn', 'block'])),
  band: z.optional(BandSchema),
  riskScore: z.optional(z.number()),
  categories: z.optional(z.array(z.string())),
  reasoning: z.optional(z.string()),
  indicators: z.optional(z.array(z.string())),
  /** Whether "Open anyway" may be offered (policy). */
  canProceed: z.optional(z.boolean()),
  /**
   * docs/decisions/003-every-hop.md: the host the link leads to when that is not its own (a tracker or mail rewriter
   * around another address), as the link itself says: nothing learned from the service.
   */
  leadsTo: z.optional(z.string()),
  /** Which hop the warning is about: the link itself, its destination, or a hop between. */
  badHop: z.optional(z.literal(['link', 'destination', 'hop'])),
  /** The link's text names this host, another site than it leads to (a local warning). */
  textShows: z.optional(z.string()),
  /**
   * docs/decisions/017-surfaces.md "Why this decision", for warn/block-level links only: the fired rule's message
   * (`cs_why_<key>`) and the numbers it names, whole numbers in placeholder order (a confidence
   * as a percentage). Never a list entry or any other setting (link-info.ts `contentWhy`).
   */
  why: z.optional(LinkWhySchema),
  /**
   * docs/decisions/017-surfaces.md: the step of a scan the frame's own hover started, while it runs
   * (with status 'pending'). Only the step's name: no scan id, no timestamp.
   */
  progress: z.optional(z.literal(['submitting', 'queued', 'processing'])),
});
export type LinkInfo = z.infer<typeof LinkInfoSchema>;
export type LinkWhy = z.infer<typeof LinkWhySchema>;
export type LinkWhyKey = LinkWhy['key'];
export type LinkProgress = NonNullable<LinkInfo['progress']>;

/** `links.lookup`: URL as sent → info. */
export type LinksLookupData = Record<string, LinkInfo>;

/** `config.get`. Validated on arrival; defaults on any problem. */
export const ContentConfigSchema = z.object({
  hoverDelayMs: intIn(50, 5000),
  scanHovers: z.boolean(),
});
export type ContentConfig = z.infer<typeof ContentConfigSchema>;

/**
 * `signin.check`: warn or not, the protected host to name in the warning, and the organization's
 * own message for it (policy customWarningMessage, text, shown inside the warning's closed
 * shadow root). Nothing else (no reason, no policy list): a page learns one protected host, only
 * by being a look-alike of it.
 */
export const SignInCheckSchema = z.union([
  z.object({ warn: z.literal(false) }),
  z.object({ warn: z.literal(true), protectedHost: nonEmpty(253), message: z.optional(nonEmpty(1000)) }),
]);
export type SignInCheckData = z.infer<typeof SignInCheckSchema>;

/**
 * `page.hold`: 'wait' while the sender's own top page is being checked, 'stop' once its verdict
 * blocks (the blocked page takes over), 'go' otherwise. Nothing else: no verdict, no reason, no
 * list; a page learns only what it could see anyway (whether it gets blocked) a little sooner.
 */
export const PageHoldSchema = z.object({ hold: z.literal(['go', 'wait', 'stop']) });
export type PageHoldData = z.infer<typeof PageHoldSchema>;

/** The data each content-tier request is answered with. */
export interface ContentReplies {
  'links.lookup': LinksLookupData;
  'link.hover': LinkInfo;
  /** Noted; nothing to say. */
  'link.activated': null;
  'config.get': ContentConfig;
  'signin.check': SignInCheckData;
  /** The report page was opened; nothing to say. */
  'report.open': null;
  /** Nothing to say either way (a page learns nothing from the answer). */
  'password.typed': null;
  'page.hold': PageHoldData;
}
export type ContentProtocol = ProtocolMap<ContentToBackground, ContentReplies>;
export type ContentRequest<K extends ContentType> = ContentProtocol[K]['request'];
export type ContentReply<K extends ContentType> = ContentProtocol[K]['reply'];

// ───────────────────────── background → content script ─────────────────────────────────────
export const BackgroundToContent = z.union([
  /** A verdict became known for URLs the page asked about. */
  ofType('links.update', { links: dict(z.unknown()) }),
  // "Check all links on this page" asks no content script: the background reads the page itself
  // (background/surfaces/collect-in-page.ts), started or not, so a page cannot answer with a list.
]);
export type BackgroundToContent = z.infer<typeof BackgroundToContent>;
