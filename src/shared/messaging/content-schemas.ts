/**
 * What a content script accepts from its background, checked by small hand-written guards.
 *
 * Why not the protocol's zod schemas: the content script runs in every frame of every page, and
 * any schema library is parsed, compiled and (for zod) builds its schema objects on each of those
 * loads before anything is shown (docs/decisions/009-bundle-weight.md: 25 kB of zod/mini in a 66 kB script). These few
 * shapes are small enough to check by hand. They must accept exactly what content-tier.ts's schemas
 * accept: test/unit/content/content-schemas.test.ts runs both on the same generated values
 * (property test), and the type assertions below fail the build if the shapes drift apart.
 *
 * Each parser returns a fresh object holding only the known fields (as zod's parse does), or
 * null when the value does not match.
 */
import type {
  BackgroundToContent,
  ContentConfig,
  LinkInfo,
  LinkWhy,
  PageHoldData,
  SignInCheckData,
} from './content-tier';

const STATUS = ['pending', 'verdict', 'skipped', 'unknown', 'error'] as const;
const ACTION = ['allow', 'annotate', 'warn', 'block'] as const;
const BAND = ['safe', 'suspicious', 'high', 'malicious'] as const;
const HOPS = ['link', 'destination', 'hop'] as const;
const WHY = ['org_blocklist', 'user_blocklist', 'score_block', 'score_warn', 'low_confidence'] as const;
const PROGRESS = ['submitting', 'queued', 'processing'] as const;
const isString = (v: unknown) => typeof v === 'string';

/** zod's object check (z.object): any non-null object that is not an array. */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** zod's record check (z.record; ours is shared/zod-lean.ts): an object whose constructor, if any, looks like Object's. */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (!isObject(v)) return false;
  const ctor = (v as { constructor?: unknown }).constructor;
  if (typeof ctor !== 'function') return true;
  const proto: unknown = ctor.prototype;
  return isObject(proto) && Object.hasOwn(proto, 'isPrototypeOf');
}
/** zod's `z.number()`: finite numbers only (no NaN, no ±Infinity). */
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const oneOf = <T extends string>(values: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (values as readonly string[]).includes(v);

/** `z.array(…)`: every index (holes included) holds a value `ok` accepts. */
function isArrayOf(v: unknown, ok: (x: unknown) => boolean): v is unknown[] {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (!ok(v[i])) return false;
  return true;
}
const isStringArray = (v: unknown) => isArrayOf(v, isString);
/** LinkInfoSchema's `why`: a known key and at most four finite numbers. */
const isWhy = (v: unknown) => isObject(v) && oneOf(WHY, v.key) && isArrayOf(v.nums, isNumber) && v.nums.length <= 4;

/**
 * LinkInfoSchema's optional fields and their checks. Typed by LinkInfo's keys: a field added to
 * (or dropped from) LinkInfo in content-tier.ts fails the build here until it is handled.
 */
const LINK_INFO_FIELDS: Record<Exclude<keyof LinkInfo, 'status'>, (v: unknown) => boolean> = {
  action: (v) => oneOf(ACTION, v),
  band: (v) => oneOf(BAND, v),
  riskScore: isNumber,
  categories: isStringArray,
  reasoning: isString,
  indicators: isStringArray,
  canProceed: (v) => typeof v === 'boolean',
  leadsTo: isString,
  badHop: (v) => oneOf(HOPS, v),
  textShows: isString,
  why: isWhy,
  progress: (v) => oneOf(PROGRESS, v),
};

/** Mirrors content-tier.ts LinkInfoSchema. */
export function parseLinkInfo(v: unknown): LinkInfo | null {
  if (!isObject(v) || !oneOf(STATUS, v.status)) return null;
  const out: Record<string, unknown> = { status: v.status };
  for (const [key, ok] of Object.entries(LINK_INFO_FIELDS)) {
    const x = v[key];
    if (x === undefined) continue;
    if (!ok(x)) return null;
    // Fresh copies, as zod's parse makes them (`why` keeps only its own two fields).
    out[key] = Array.isArray(x)
      ? x.slice()
      : key === 'why'
        ? { key: (x as LinkWhy).key, nums: (x as LinkWhy).nums.slice() }
        : x;
  }
  return out as unknown as LinkInfo;
}

/** Mirrors content-tier.ts BackgroundToContent. `links` entries stay unchecked (each is parsed on use). */
export function parseBackgroundToContent(v: unknown): BackgroundToContent | null {
  if (!isObject(v)) return null;
  if (v.type === 'links.update' && isPlainObject(v.links)) return { type: 'links.update', links: { ...v.links } };
  return null;
}

/** Mirrors content-tier.ts ContentConfigSchema. */
export function parseContentConfig(v: unknown): ContentConfig | null {
  if (!isObject(v)) return null;
  const { hoverDelayMs, scanHovers } = v;
  if (!isNumber(hoverDelayMs) || !Number.isInteger(hoverDelayMs) || hoverDelayMs < 50 || hoverDelayMs > 5000)
    return null;
  if (typeof scanHovers !== 'boolean') return null;
  return { hoverDelayMs, scanHovers };
}

/** Mirrors content-tier.ts SignInCheckSchema (the sign-in guard's reply: src/content/signin/). */
export function parseSignInCheck(v: unknown): SignInCheckData | null {
  if (!isObject(v)) return null;
  if (v.warn === false) return { warn: false };
  const host = v.protectedHost;
  if (v.warn !== true || typeof host !== 'string' || host.length < 1 || host.length > 253) return null;
  // The organization's message is an extra: a malformed one is dropped, the warning stays.
  const m = v.message;
  return typeof m === 'string' && m.length >= 1 && m.length <= 1000
    ? { warn: true, protectedHost: host, message: m }
    : { warn: true, protectedHost: host };
}

/** Mirrors content-tier.ts PageHoldSchema (the hold guard's reply: src/content/hold/). */
export function parsePageHold(v: unknown): PageHoldData | null {
  if (!isObject(v) || !oneOf(['go', 'wait', 'stop'] as const, v.hold)) return null;
  return { hold: v.hold };
}

// Compile-time drift check for the other two shapes (LinkInfo's is LINK_INFO_FIELDS' type).
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameKeys: [
  SameKeys<keyof ContentConfig, 'hoverDelayMs' | 'scanHovers'>,
  SameKeys<BackgroundToContent['type'], 'links.update'>,
  SameKeys<keyof Extract<SignInCheckData, { warn: true }>, 'warn' | 'protectedHost' | 'message'>,
  SameKeys<PageHoldData['hold'], 'go' | 'wait' | 'stop'>,
] = [true, true, true, true];
void sameKeys;
