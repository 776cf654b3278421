/**
 * Reporting to the organization (docs/decisions/016-organizations.md): `report(input)` is the one entry point for every
 * call site; `startReporting` wires the queue to storage, the sender, alarms and the settings.
 *
 * Nothing is recorded unless a valid reportingUrl is set by policy (docs/admin/reporting.md): an
 * event reported without one is dropped on the spot, and turning reporting off empties the queue.
 * The person sees all of it in options (reporting.status, ui/options/reporting-section.tsx).
 */
import { ignore } from '@/src/background/ignore';
import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { str } from '@/src/shared/zod-lean';
import { makeEvent, REPORT_TYPES, type ReportEvent, type ReportInput } from '@/src/shared/reporting/events';
import { isSelected } from '@/src/shared/reporting/event-types';
import { HEARTBEAT_MINUTES, formatPolicyHash, policyDigestText } from '@/src/shared/reporting/heartbeat';
import { isConfigured } from '@/src/shared/policy/settings';
import { validateReportingUrl } from '@/src/shared/reporting/endpoint';
import { readManaged } from '@/src/shared/policy/managed';
import type { Settings } from '@/src/shared/policy/settings';
import type { ReportingStatusData } from '@/src/shared/messaging/protocol';
import { sendReports } from '../api/reporting-sender';
import { readKey, readKeyOrThrow, writeKey } from '../state/kv';
import type { SettingsStore } from '../state/settings-store';
import { createReportQueue, type ReportQueue } from './queue';
import { createOutageTracker, OutageSchema } from './outage';
import { createTokenStore } from './token-store';
import { readRemoteProblems } from '../state/remote-copies';

export const REPORTING_ALARM = 'linklens-reporting';
export const OUTAGE_ALARM = 'linklens-outage';
export const HEARTBEAT_ALARM = 'linklens-heartbeat';
const QUEUE_KEY = 'reportingQueue';
const OUTAGE_KEY = 'reportingOutage';
const POLICY_SIG_KEY = 'reportingPolicyProblems';
const POLICY_HASH_KEY = 'reportingPolicyHash';

export interface ReportingDeps {
  settings: SettingsStore;
  /** engine.onProblem: the standing problem of the scanning service. */
  onServiceProblem(fn: (p: { code: string } | null) => void): void;
  serviceProblem(): { code: string } | null;
  /** Whether protection is paused now (the heartbeat says so). */
  paused?(): Promise<boolean>;
}

/** `memoryOnly`: the event is about a private window: queued, never written (queue.ts). */
export type ReportOptions = { memoryOnly?: boolean };

interface Reporter {
  report(input: ReportInput, opts?: ReportOptions): Promise<void>;
  status(): Promise<ReportingStatusData>;
  queue: ReportQueue;
}

let active: Reporter | null = null;
let activeSettings: SettingsStore | null = null;

/** The settings store reporting was started with (hooks that need the policy), or null. */
export const reportingSettings = (): SettingsStore | null => activeSettings;

/**
 * Records an event for the organization. Never throws, never waits on the network. Does nothing
 * before startReporting (unit tests of handlers) or without a reportingUrl.
 */
export function report(input: ReportInput, opts?: ReportOptions): Promise<void> {
  return active ? active.report(input, opts).catch(ignore) : Promise.resolve();
}

/** For options (`reporting.status`). */
export function reportingStatus(): Promise<ReportingStatusData | null> {
  return active ? active.status() : Promise.resolve(null);
}

function extensionVersion(): string {
  try {
    return browser.runtime.getManifest().version;
  } catch {
    return 'unknown';
  }
}

const enabled = (s: Settings) => validateReportingUrl(s.reportingUrl).ok;

/** Called once per worker life from startBackground, synchronously (it registers listeners). */
export function startReporting(deps: ReportingDeps): Reporter {
  const tokens = createTokenStore();
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function target() {
    const { settings: s } = await deps.settings.get();
    const v = validateReportingUrl(s.reportingUrl);
    if (!v.ok) return null;
    return { url: v.url, token: s.reportingToken || (await tokens.get()) };
  }

  async function context(id = crypto.randomUUID(), now = Date.now()) {
    const { settings: s } = await deps.settings.get();
    return {
      id,
      now,
      extensionVersion: extensionVersion(),
      deviceTag: s.deviceTag,
      userTag: s.userTag,
      tenantId: s.tenantId,
    };
  }
  let droppedCtx = { extensionVersion: extensionVersion(), deviceTag: '', userTag: '', tenantId: '' };

  const queue = createReportQueue({
    load: () => readKeyOrThrow('db', QUEUE_KEY, z.unknown(), undefined),
    save: (state) => writeKey('db', QUEUE_KEY, state),
    async send(events: ReportEvent[]) {
      // A woken background starts from the cached policy, which never sets reportingUrl (it only
      // adds restrictions until a live read succeeds): wait for the live policy before deciding
      // there is nowhere to send, else the queue backs off for nothing.
      const t = (await target()) ?? (await deps.settings.settled().then(() => target()));
      if (!t) return { ok: false, status: null, error: 'not_configured', retryAfterMs: null };
      return sendReports(t, events);
    },
    wake(at) {
      if (timer) clearTimeout(timer);
      timer = null;
      if (at === null) return void browser.alarms.clear(REPORTING_ALARM).catch(ignore);
      const delay = Math.max(0, at - Date.now());
      // The timer is the fast path while the worker lives; the alarm wakes a dead worker.
      timer = setTimeout(() => void queue.flush(), delay);
      void Promise.resolve(browser.alarms.create(REPORTING_ALARM, { when: Date.now() + Math.max(delay, 1000) })).catch(
        ignore,
      );
    },
    droppedEvent: (count, since) =>
      makeEvent(
        { type: 'reporting.dropped', payload: { count, since: new Date(since).toISOString() } },
        { ...droppedCtx, id: crypto.randomUUID(), now: Date.now() },
      ),
  });

  const reporter: Reporter = {
    queue,
    async report(input, opts) {
      const { settings: s } = await deps.settings.get();
      if (!enabled(s) || !isSelected(s.reportingEvents, input.type)) return;
      droppedCtx = {
        extensionVersion: extensionVersion(),
        deviceTag: s.deviceTag,
        userTag: s.userTag,
        tenantId: s.tenantId,
      };
      const event = makeEvent(input, await context());
      if (event) await queue.add(event, opts);
    },
    async status() {
      const { settings: s } = await deps.settings.get();
      const q = await queue.state();
      const url = validateReportingUrl(s.reportingUrl);
      return {
        enabled: url.ok,
        url: url.ok ? url.url : null,
        tokenSet: (s.reportingToken || (url.ok ? await tokens.get() : '')) !== '',
        deviceTag: s.deviceTag || null,
        userTag: s.userTag || null,
        tenantId: s.tenantId || null,
        eventTypes: REPORT_TYPES.filter((t) => isSelected(s.reportingEvents, t)),
        queued: q.events.length,
        dropped: q.dropped,
        deliveredTotal: q.deliveredTotal,
        last: q.last,
        nextAttemptAt: q.events.length > 0 && q.nextAt > Date.now() ? q.nextAt : null,
        // The policy's own problems, then those of its remote files (remote/remote-policy.ts).
        policyProblems: [
          ...(await readKey('db', POLICY_SIG_KEY, z.array(str(200)).check(z.maxLength(200)), [])),
          ...(await readRemoteProblems()),
        ],
      };
    },
  };

  const outage = createOutageTracker({
    load: () => readKey('db', OUTAGE_KEY, OutageSchema, null),
    save: (o) => writeKey('db', OUTAGE_KEY, o),
    wakeAt: (at) => void Promise.resolve(browser.alarms.create(OUTAGE_ALARM, { when: at })).catch(ignore),
    report: (input) => void report(input),
    current: deps.serviceProblem,
  });

  /**
   * The live policy, read here rather than through the settings store: it holds the token (which
   * the store's storage.local cache leaves out) and the problems readManaged found, which the
   * store does not keep. A new set of problems is reported once, not on every wake.
   */
  async function readPolicy(): Promise<void> {
    let raw: unknown;
    try {
      raw = await browser.storage.managed.get(null);
    } catch {
      return; // no policy support or no policy
    }
    const { values, invalid } = readManaged(raw);
    await tokens.set(values.reportingUrl ? (values.reportingToken ?? '') : '');
    await writeKey('db', POLICY_HASH_KEY, await policyHash(values as Record<string, unknown>));
    const before = await readKey('db', POLICY_SIG_KEY, z.array(z.string()), []);
    const now = [...new Set(invalid)].sort().slice(0, 200);
    if (JSON.stringify(before) === JSON.stringify(now)) return;
    await writeKey('db', POLICY_SIG_KEY, now);
    await deps.settings.settled(); // the reportingUrl of this very policy decides
    if (now.length > 0) await report({ type: 'policy.rejected', payload: { keys: now } });
  }

  /**
   * One heartbeat, unless one is still queued: while delivery fails, heartbeats would otherwise
   * fill the queue (96 a day) and push out the events that matter; the receiver sees the gap.
   */
  let beating: Promise<void> = Promise.resolve();
  const heartbeat = (): Promise<void> => (beating = beating.then(beatOnce).catch(ignore));
  async function beatOnce(): Promise<void> {
    const q = await queue.state();
    if (q.events.some((e) => e.type === 'heartbeat')) return;
    const st = await deps.settings.get();
    const policyHash = await readKey('db', POLICY_HASH_KEY, z.nullable(str(100)), null);
    const paused = (await deps.paused?.().catch(() => false)) ?? false;
    await reporter.report({
      type: 'heartbeat',
      payload: { policyHash, policyKeys: st.managedKeys.length, paused, configured: isConfigured(st.settings) },
    });
  }

  /**
   * The heartbeat alarm exists exactly while reporting is on and selects heartbeats. An alarm
   * already there is kept: re-creating it on every wake of the background would restart its
   * period, and a worker woken more often than every 15 minutes would never beat.
   */
  async function scheduleHeartbeat(s: Settings): Promise<void> {
    const want = enabled(s) && isSelected(s.reportingEvents, 'heartbeat');
    const have = await browser.alarms.get(HEARTBEAT_ALARM);
    if (!want) {
      if (have) await browser.alarms.clear(HEARTBEAT_ALARM);
      return;
    }
    if (!have || have.periodInMinutes !== HEARTBEAT_MINUTES)
      await browser.alarms.create(HEARTBEAT_ALARM, { delayInMinutes: 1, periodInMinutes: HEARTBEAT_MINUTES });
  }

  browser.alarms.onAlarm.addListener((a) => {
    if (a.name === REPORTING_ALARM) void queue.flush();
    if (a.name === OUTAGE_ALARM) void outage.onAlarm().catch(ignore);
    if (a.name === HEARTBEAT_ALARM) void heartbeat().catch(ignore);
  });
  browser.storage.onChanged.addListener((_c, area) => {
    if (area === 'managed') void readPolicy();
  });
  deps.onServiceProblem((p) => void outage.onProblem(p).catch(ignore));
  let wasEnabled: boolean | null = null;
  deps.settings.onChange((st) => {
    const on = enabled(st.settings);
    // Reporting turned off: what was queued for the organization is not kept.
    if (wasEnabled === true && !on) void queue.clear();
    if (on && wasEnabled !== true) void queue.flush();
    wasEnabled = on;
    void scheduleHeartbeat(st.settings).catch(ignore);
  });

  active = reporter;
  activeSettings = deps.settings;
  // A browser restart or a worker killed mid-backoff: carry on with what is queued.
  void deps.settings.get().then((st) => {
    wasEnabled ??= enabled(st.settings);
    void scheduleHeartbeat(st.settings).catch(ignore);
    return queue.flush();
  });
  void readPolicy();
  return reporter;
}

/** The hash of the policy in force (heartbeat.ts), or null without one. */
async function policyHash(values: Record<string, unknown>): Promise<string | null> {
  const text = policyDigestText(values);
  if (text === null) return null;
  return formatPolicyHash(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}
