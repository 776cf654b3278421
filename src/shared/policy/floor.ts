/**
 * The organization's policy is a floor the person can only raise: the one home of that rule.
 *
 * Every setting declares here which way is safer (SAFER). Under a managed policy the value in
 * force is, key by key, the safer of the policy alone (the policy's value, else the default) and
 * the person's, so a person can tighten anything and loosen nothing the organization did not
 * leave to them. A policy leaves a choice to the person in two ways only: its own `allow…` keys
 * (allowUserAllowlist lets the person's allowlist count; allowPause, allowProceed) and
 * `personMayChange`, a list of setting keys the person may set either way.
 *
 * Two switches turn protection off wholesale and are never left to the person under a policy:
 * audit-only (no block, no warning, no strict hold) and "Check pages I open". A policy that wants
 * either sets it itself; listing them in personMayChange is a policy problem. So a person's
 * audit-only can never remove the organization's block list or its strict mode.
 *
 * Without any policy the person's settings are in force as they are. Pure; examples:
 * floor.examples.ts; the property "never less safe than the policy alone" is tested over every
 * key (test/unit/shared/policy/floor.test.ts).
 */
import { CATEGORY_ACTIONS, DEFAULT_SETTINGS, type SettingKey, type Settings } from './settings';

/** Which way a setting is safer. */
export type Safer =
  /** true protects more (checks on, query stripped, strict mode on). */
  | { kind: 'true' }
  /** false protects more (audit-only off, "Proceed anyway" off, private hosts never sent). */
  | { kind: 'false' }
  /** A lower number protects more (thresholds, delays, cache lifetimes). */
  | { kind: 'lower' }
  /** A higher number protects more (strict mode's wait for a verdict). */
  | { kind: 'higher' }
  /** Values in order, the last the safest. */
  | { kind: 'ranked'; order: readonly string[] }
  /** An object of numbers, each lower is safer (cache lifetimes per band). */
  | { kind: 'lowerEach' }
  /** An object of ranked values, each later in `order` is safer (an action per category). */
  | { kind: 'rankedEach'; order: readonly string[] }
  /** A list where every entry adds protection: the policy's and the person's together. */
  | { kind: 'union' }
  /** The allowlist: the person's entries count only where the policy's allowUserAllowlist lets them. */
  | { kind: 'personList' }
  /** No safer way (where the service is, the organization's spending): the policy's value when it sets one. */
  | { kind: 'fixed' }
  /** Only a policy sets it; the person's stored value never counts. */
  | { kind: 'policy' };

export type FloorKey = Exclude<SettingKey, 'version'>;

export const SAFER: Readonly<Record<FloorKey, Safer>> = {
  serviceUrl: { kind: 'fixed' },
  apiKey: { kind: 'fixed' },
  scanNavigations: { kind: 'true' },
  scanHovers: { kind: 'true' },
  hoverDelayMs: { kind: 'lower' },
  warnThreshold: { kind: 'lower' },
  blockThreshold: { kind: 'lower' },
  minBlockConfidence: { kind: 'lower' },
  // Per category: block is safer than warn, warn than ignore.
  categoryActions: { kind: 'rankedEach', order: CATEGORY_ACTIONS },
  allowProceed: { kind: 'false' },
  strictMode: { kind: 'true' },
  // Holding passwords and submissions until the verdict keeps them from a page that turns out bad.
  holdWhileChecking: { kind: 'true' },
  // Neither way is safer: a longer wait lets fewer pages through unchecked in fail mode "allow",
  // a shorter one fails closed sooner in fail mode "block".
  strictTimeoutMs: { kind: 'fixed' },
  strictFailMode: { kind: 'ranked', order: ['allow', 'block'] },
  auditOnly: { kind: 'false' },
  stripQuery: { kind: 'true' },
  // Asking the shortener where a link leads judges the real destination.
  resolveShorteners: { kind: 'true' },
  scanPrivateHosts: { kind: 'false' },
  scanIncognito: { kind: 'true' },
  allowlist: { kind: 'personList' },
  blocklist: { kind: 'union' },
  cacheTtlMinutes: { kind: 'lowerEach' },
  reportUrl: { kind: 'fixed' },
  notifications: { kind: 'fixed' },
  // A longer history tells the person about more of the sites they used that later turn bad.
  visitHistoryDays: { kind: 'higher' },
  lockAll: { kind: 'policy' },
  allowPause: { kind: 'policy' },
  allowUserAllowlist: { kind: 'policy' },
  personMayChange: { kind: 'policy' },
  reportingUrl: { kind: 'policy' },
  reportingToken: { kind: 'policy' },
  deviceTag: { kind: 'policy' },
  userTag: { kind: 'policy' },
  reportingEvents: { kind: 'policy' },
  tenantId: { kind: 'policy' },
  hideAccountSections: { kind: 'policy' },
  organizationName: { kind: 'policy' },
  supportUrl: { kind: 'policy' },
  supportContact: { kind: 'policy' },
  brandName: { kind: 'policy' },
  brandLogoUrl: { kind: 'policy' },
  brandAccentColor: { kind: 'policy' },
  customWarningMessage: { kind: 'policy' },
  // Where the organization's remote files are and how often they are read: the managed policy's alone.
  configUrl: { kind: 'policy' },
  blockFeedUrl: { kind: 'policy' },
  remoteRefreshMinutes: { kind: 'policy' },
  disableContextMenu: { kind: 'fixed' },
  notifyOnBlock: { kind: 'fixed' },
  // The organization's credits: neither way is safer, so the policy's value holds.
  maxCreditsPerDay: { kind: 'fixed' },
  protectedSignInDomains: { kind: 'policy' },
  organizationDomains: { kind: 'policy' },
  // Block is safer than warn, warn than log (signin-action.ts SIGNIN_ACTIONS), yet the person
  // has nothing to raise: the protected list is the organization's alone, and its trial in `log`
  // must stay unseen by the person and the page.
  signInLookalikeAction: { kind: 'policy' },
  budgets: { kind: 'fixed' },
};

export const FLOOR_KEYS = Object.keys(SAFER) as FloorKey[];

/** Switches that turn protection off wholesale: never left to the person under a policy. */
export const NEVER_PERSON_CHOICE: readonly FloorKey[] = ['auditOnly', 'scanNavigations'];

/**
 * Keys a policy may leave to the person (personMayChange): directional settings other than the
 * wholesale switches. Fixed and list keys already are the person's unless the policy names them.
 */
export function mayBeLeftToPerson(key: string): key is FloorKey {
  const dir = (SAFER as Record<string, Safer | undefined>)[key];
  if (!dir || NEVER_PERSON_CHOICE.includes(key as FloorKey)) return false;
  return dir.kind !== 'policy' && dir.kind !== 'fixed' && dir.kind !== 'union' && dir.kind !== 'personList';
}

/** The safer of two values of `key` (both valid values of it). */
export function saferOf<K extends FloorKey>(key: K, a: Settings[K], b: Settings[K]): Settings[K] {
  const dir = SAFER[key];
  switch (dir.kind) {
    case 'true':
      return ((a as boolean) || (b as boolean)) as Settings[K];
    case 'false':
      return ((a as boolean) && (b as boolean)) as Settings[K];
    case 'lower':
      return Math.min(a as number, b as number) as Settings[K];
    case 'higher':
      return Math.max(a as number, b as number) as Settings[K];
    case 'ranked':
      return (dir.order.indexOf(a as string) >= dir.order.indexOf(b as string) ? a : b) as Settings[K];
    case 'lowerEach': {
      const x = a as Record<string, number>;
      const y = b as Record<string, number>;
      return Object.fromEntries(Object.keys(x).map((k) => [k, Math.min(x[k]!, y[k] ?? x[k]!)])) as Settings[K];
    }
    case 'rankedEach': {
      const x = a as Record<string, string>;
      const y = b as Record<string, string>;
      const rank = (v: string | undefined) => (v === undefined ? -1 : dir.order.indexOf(v));
      return Object.fromEntries(Object.keys(x).map((k) => [k, rank(y[k]) > rank(x[k]) ? y[k]! : x[k]!])) as Settings[K];
    }
    case 'union':
    case 'personList':
      return [...new Set([...(a as string[]), ...(b as string[])])] as Settings[K];
    default:
      return a;
  }
}

/** Is `value` at least as safe as `floor` for `key`? (Lists: every floor entry is kept.) */
export function atLeastAsSafe<K extends FloorKey>(key: K, value: Settings[K], floor: Settings[K]): boolean {
  const dir = SAFER[key];
  if (dir.kind === 'union' || dir.kind === 'personList')
    return (floor as string[]).every((e) => (value as string[]).includes(e));
  if (dir.kind === 'fixed' || dir.kind === 'policy') return JSON.stringify(value) === JSON.stringify(floor);
  return JSON.stringify(saferOf(key, value, floor)) === JSON.stringify(value);
}

export interface FloorInput {
  /** The person's settings, complete. */
  person: Settings;
  /**
   * The keys the person has set themselves; a key they never touched takes the policy's value
   * (its stored default is no choice). Default: the keys whose value differs from the default.
   */
  chosen?: ReadonlySet<SettingKey>;
  /** The values the policy sets (valid ones only: managed.ts readManaged); objects may be partial. */
  managed: Readonly<Partial<Record<SettingKey, unknown>>>;
}

/** Keys the policy sets. */
export const namedBy = (managed: FloorInput['managed']): Set<FloorKey> =>
  new Set(FLOOR_KEYS.filter((k) => managed[k] !== undefined));

/**
 * The settings in force under a policy, key by key (see the header). Policy-only keys are the
 * policy's; a key the policy leaves to the person (personMayChange) and does not name itself is
 * the person's; a fixed key is the policy's when named (an object given in part keeps the
 * person's other fields), else the person's; the rest is the safer of the policy alone and the
 * person's.
 */
export function applyFloor({ person, managed, chosen = chosenByValue(person) }: FloorInput): Settings {
  const policyAlone = policyAloneOf(managed);
  const named = namedBy(managed);
  const left = new Set(policyAlone.personMayChange.filter(mayBeLeftToPerson));
  const out: Record<string, unknown> = { version: person.version };
  for (const key of FLOOR_KEYS) {
    const dir = SAFER[key];
    const p = person[key];
    const floor = policyAlone[key];
    if (dir.kind === 'policy') out[key] = floor;
    else if (!chosen.has(key) && dir.kind !== 'union' && dir.kind !== 'personList')
      out[key] = dir.kind === 'fixed' && !named.has(key) ? p : floor;
    else if (dir.kind === 'fixed')
      out[key] = !named.has(key) ? p : isObject(p) ? { ...p, ...(managed[key] as object) } : floor;
    else if (left.has(key) && !named.has(key)) out[key] = p;
    else if (dir.kind === 'personList') out[key] = policyAlone.allowUserAllowlist ? saferOf(key, floor, p) : floor;
    else out[key] = saferOf(key, floor, p);
  }
  return out as Settings;
}

/** The keys whose stored value differs from the default: what a person without a record chose. */
export function chosenByValue(person: Settings): Set<SettingKey> {
  return new Set(FLOOR_KEYS.filter((k) => JSON.stringify(person[k]) !== JSON.stringify(DEFAULT_SETTINGS[k])));
}

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What the person can still do with `key` under the policy: nothing ('fixed'), anything
 * ('free'), or move it only the safer way from `floor` ('safer').
 */
export type PersonRoom = { room: 'free' } | { room: 'fixed' } | { room: 'safer'; floor: unknown };

/** Bounds of numeric settings (the schema's), to tell a floor at its end from one with room. */
const NUMBER_BOUNDS: Partial<Record<FloorKey, [number, number]>> = {
  hoverDelayMs: [50, 5000],
  warnThreshold: [0, 100],
  blockThreshold: [0, 100],
  minBlockConfidence: [0, 1],
  strictTimeoutMs: [500, 60_000],
  visitHistoryDays: [0, 365],
};

export function personRoom(key: FloorKey, managed: FloorInput['managed']): PersonRoom {
  const dir = SAFER[key];
  const policyAlone = policyAloneOf(managed);
  const named = namedBy(managed);
  if (dir.kind === 'policy') return { room: 'fixed' };
  if (policyAlone.lockAll)
    return (key === 'serviceUrl' || key === 'apiKey') && !named.has(key) ? { room: 'free' } : { room: 'fixed' };
  if (dir.kind === 'fixed') return named.has(key) ? { room: 'fixed' } : { room: 'free' };
  if (dir.kind === 'union') return { room: 'free' };
  if (dir.kind === 'personList') return policyAlone.allowUserAllowlist ? { room: 'free' } : { room: 'fixed' };
  if (policyAlone.personMayChange.includes(key) && mayBeLeftToPerson(key) && !named.has(key)) return { room: 'free' };
  const floor = policyAlone[key];
  const atEnd =
    (dir.kind === 'true' && floor === true) ||
    (dir.kind === 'false' && floor === false) ||
    (dir.kind === 'ranked' && floor === dir.order[dir.order.length - 1]) ||
    (dir.kind === 'lower' && floor === NUMBER_BOUNDS[key]?.[0]) ||
    (dir.kind === 'higher' && floor === NUMBER_BOUNDS[key]?.[1]);
  return atEnd ? { room: 'fixed' } : { room: 'safer', floor };
}

/** The defaults with `values` over them: what the policy alone puts in force. */
export function policyAloneOf(values: Partial<Record<SettingKey, unknown>>): Settings {
  const out: Record<string, unknown> = structuredClone(DEFAULT_SETTINGS);
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    const base = out[k];
    out[k] = isObject(base) && isObject(v) ? { ...base, ...v } : structuredClone(v);
  }
  return out as Settings;
}
