/**
 * What Linklens reports to the organization (docs/decisions/016-organizations.md), as plain JSON. Pure: no browser API.
 * The wire format is documented for administrators in docs/admin/reporting.md; a change here is a
 * change of that contract (bump REPORT_SCHEMA).
 *
 * Every event has the same envelope (id, type, time, extensionVersion, deviceTag, userTag, tenantId) and a
 * payload per type. What an event never carries: the API key, the reporting token, page contents,
 * URL credentials (`user:pass@`) or fragments. URLs are the ones sent to the scanning service
 * (already without their query when stripQuery is on). The `id` lets the receiver drop the
 * duplicates that at-least-once delivery can produce (a reply lost after the receiver stored it).
 */
import '../zod-config';
import { z } from 'zod/mini';
import { int, intIn, nonEmpty, str } from '../zod-lean';
import { BandSchema } from '../band-schema';
import type { ReportTypeName } from './event-types';

/** /2: the envelope's tenantId and the heartbeat event (docs/admin/reporting.md). */
export const REPORT_SCHEMA = 'linklens-events/2';

const UrlText = str(4096);
const Verdict = z.nullable(
  z.object({
    scanId: z.nullable(str(200)),
    riskScore: z.nullable(intIn(0, 100)),
    band: z.nullable(BandSchema),
    categories: z.array(str(100)).check(z.maxLength(20)),
  }),
);

/** A URL decision: the URL as sent to the scanner, its host, the verdict and the rule that decided. */
const UrlDecision = z.object({ url: UrlText, host: str(300), verdict: Verdict, rule: str(200) });

/** Payload schema per event type. Keys are the exact event type names. */
export const PAYLOADS = {
  /** A navigation was sent to the blocked page. */
  'navigation.blocked': UrlDecision,
  /** The person took "Proceed anyway" on the blocked page. */
  'navigation.proceeded': UrlDecision,
  /** The person confirmed "Open anyway" for a warned or blocked link in a page. */
  'link.openedAnyway': UrlDecision,
  /** Audit-only mode: this navigation would have been blocked. */
  'audit.wouldBlock': UrlDecision,
  /** Protection paused: until an ISO time, or 'restart' (until the browser restarts). */
  'protection.paused': z.object({ until: z.union([z.literal('restart'), str(40)]) }),
  /** Protection resumed by the person before the pause ran out. */
  'protection.resumed': z.object({}),
  /**
   * The person changed settings. `value` is given for plain values; lists give `entries` (a
   * count, not the hosts); credentials (apiKey, serviceUrl) give neither.
   */
  'settings.changed': z.object({
    source: z.literal(['options', 'import', 'popup']),
    changes: z
      .array(
        z.object({
          key: str(100),
          value: z.optional(z.union([z.boolean(), z.number(), str(300)])),
          entries: z.optional(int()),
        }),
      )
      .check(z.maxLength(100)),
  }),
  /** The managed policy holds values Linklens ignored (dotted paths, e.g. cacheTtlMinutes.safe). */
  'policy.rejected': z.object({ keys: z.array(str(200)).check(z.maxLength(200)) }),
  /** A page whose host looks like a protected sign-in domain (shared/url/lookalike.ts). */
  'lookalike.seen': z.object({
    host: str(300),
    protectedDomain: str(300),
    reason: z.literal(['confusable', 'edit-distance', 'embedded', 'mixed-script']),
    trigger: z.literal(['load', 'password-focus']),
  }),
  /** The scanning service could not be reached for at least `minutes`. */
  'service.unreachable': z.object({
    since: str(40),
    minutes: int().check(z.gte(0)),
    error: str(40),
    ongoing: z.boolean(),
  }),
  /** Events dropped because the queue was full while delivery failed; sent once delivery works. */
  'reporting.dropped': z.object({ count: int().check(z.gte(1)), since: str(40) }),
  /**
   * Every HEARTBEAT_MINUTES while reporting is on (heartbeat.ts): the extension is installed and
   * running. `policyHash` names the managed policy in force (secrets left out), null without one.
   */
  heartbeat: z.object({
    policyHash: z.nullable(str(100)),
    policyKeys: int().check(z.gte(0)),
    paused: z.boolean(),
    configured: z.boolean(),
  }),
  /**
   * A site the person visited (a normal window, within visitHistoryDays) got a bad verdict later
   * and they were told ("You were there", background/visits/). `visitedAt`: their last visit;
   * `ended`: how many of their "Proceed anyway" exceptions and "Trust" entries for it ended.
   * Never whether a password field there got input: that stays on the device.
   */
  'site.turnedBad': z.object({
    host: str(300),
    visitedAt: str(40),
    source: z.literal(['scan', 'orgList', 'feed']),
    verdict: Verdict,
    action: z.literal(['warn', 'block']),
    ended: z.object({ exceptions: int().check(z.gte(0)), trusted: int().check(z.gte(0)) }),
  }),
} as const;

export type ReportType = keyof typeof PAYLOADS;
// The plain list of names (event-types.ts) and the payloads name the same types.
const _sameNames: [ReportType] extends [ReportTypeName]
  ? [ReportTypeName] extends [ReportType]
    ? true
    : never
  : never = true;
void _sameNames;
export type ReportPayload<T extends ReportType> = z.infer<(typeof PAYLOADS)[T]>;
export const REPORT_TYPES = Object.keys(PAYLOADS) as ReportType[];

const Envelope = {
  id: nonEmpty(100),
  time: str(40),
  extensionVersion: str(40),
  deviceTag: z.nullable(str(200)),
  userTag: z.nullable(str(200)),
  tenantId: z.nullable(str(200)),
};

/** One event as stored in the queue and sent (z.union: protocol.ts says why not discriminatedUnion). */
export const ReportEventSchema = z.union(
  REPORT_TYPES.map((type) => z.object({ ...Envelope, type: z.literal(type), payload: PAYLOADS[type] })) as unknown as [
    z.ZodMiniObject<typeof Envelope & { type: z.ZodMiniLiteral<ReportType>; payload: z.ZodMiniType }>,
  ],
);

export type ReportEvent = {
  [T in ReportType]: {
    id: string;
    type: T;
    time: string;
    extensionVersion: string;
    deviceTag: string | null;
    userTag: string | null;
    tenantId: string | null;
    payload: ReportPayload<T>;
  };
}[ReportType];

/** A request to report: type and payload; the envelope is added by makeEvent. */
export type ReportInput = { [T in ReportType]: { type: T; payload: ReportPayload<T> } }[ReportType];

export interface EventContext {
  id: string;
  now: number;
  extensionVersion: string;
  deviceTag: string;
  userTag: string;
  /** The organization's tenant (policy tenantId); '' = none. */
  tenantId?: string;
}

/**
 * The event for `input`, or null when the payload does not fit its schema (a bug at the call
 * site must not put an unreadable event into the queue, which would then block it). URLs are
 * cleaned of credentials and fragments here, whatever the caller passed.
 */
export function makeEvent(input: ReportInput, ctx: EventContext): ReportEvent | null {
  const payload = cleanUrls(input.payload as Record<string, unknown>);
  const event = {
    id: ctx.id,
    type: input.type,
    time: new Date(ctx.now).toISOString(),
    extensionVersion: ctx.extensionVersion,
    deviceTag: ctx.deviceTag.trim() || null,
    userTag: ctx.userTag.trim() || null,
    tenantId: ctx.tenantId?.trim() || null,
    payload,
  };
  const r = ReportEventSchema.safeParse(event);
  return r.success ? (r.data as ReportEvent) : null;
}

function cleanUrls(p: Record<string, unknown>): Record<string, unknown> {
  if (typeof p.url !== 'string') return p;
  return { ...p, url: cleanUrl(p.url) };
}

/** Without `user:pass@` and `#fragment`; text that is not a URL is kept only up to its first `@`-free form. */
export function cleanUrl(raw: string): string {
  try {
    const u = new URL(raw);
    u.username = '';
    u.password = '';
    u.hash = '';
    return u.href;
  } catch {
    return raw.replace(/[^/]*@/, '').replace(/#.*$/, '');
  }
}

/** The body of one delivery (POST to reportingUrl). */
export interface ReportBatch {
  schema: typeof REPORT_SCHEMA;
  sentAt: string;
  events: ReportEvent[];
}

export const makeBatch = (events: ReportEvent[], now: number): ReportBatch => ({
  schema: REPORT_SCHEMA,
  sentAt: new Date(now).toISOString(),
  events,
});

/** Settings keys whose values an event never carries (settings.changed lists only the key). */
export const CREDENTIAL_SETTING_KEYS: readonly string[] = ['apiKey', 'serviceUrl', 'reportingToken'];

/** `settings.changed` entries for the keys the person changed, values per the rule above. */
export function settingChanges(
  keys: readonly string[],
  values: Record<string, unknown>,
): ReportPayload<'settings.changed'>['changes'] {
  return keys.slice(0, 100).map((key) => {
    if (CREDENTIAL_SETTING_KEYS.includes(key)) return { key };
    const v = values[key];
    if (Array.isArray(v)) return { key, entries: v.length };
    if (typeof v === 'boolean' || typeof v === 'number') return { key, value: v };
    if (typeof v === 'string') return { key, value: v.slice(0, 300) };
    return { key };
  });
}
