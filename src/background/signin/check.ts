/**
 * `signin.check` from the sign-in guard (docs/decisions/016-organizations.md): does the sending page look like the
 * organization's sign-in page?
 *
 * The guard runs in the page's content-script world, which a hostile page may control (docs/decisions/001-content-tier.md),
 * so nothing it says is evidence: the host is the sender's, as the browser stamps it (the frame's
 * URL, or the tab's for the top frame), never a field of the message. The answer is only
 * warn/no warning and the protected host to name, and the sighting is reported once per
 * tab + host + trigger (report-once.ts). Exact protected hosts, the organization's own sites and
 * its allowlisted domains never warn (shared/url/lookalike.ts).
 */
import { ignore } from '@/src/background/ignore';
import type { SignInCheckData } from '@/src/shared/messaging/protocol';
import type { LookalikeVerdict } from '@/src/shared/url/lookalike';
import type { SenderLike } from '../sender';
import type { SettingsStore } from '../state/settings-store';
import { lookalikeStatus } from './status';
import { reportLookalike } from '../reporting/hooks';
import { z } from 'zod/mini';
import { pair } from '@/src/shared/zod-lean';
import { readKey, writeKey } from '../state/kv';
import { createReportOnce, type ReportOnce, type ReportOnceState, type SignInTrigger } from './report-once';
import { parseWeb } from '@/src/shared/url/parse-web';
import { signInResponse } from '@/src/shared/policy/signin-action';
import { windowKindOf, type WindowKind } from '@/src/shared/window-kind';

/** Where the sightings already reported are kept: storage.session, out of content scripts' reach. */
const REPORTED_KEY = 'signinReported';
const ReportedState = z.nullable(
  z.object({
    keys: z.array(z.string()).check(z.maxLength(5000)),
    perTab: z.array(pair(z.number(), z.number())).check(z.maxLength(5000)),
  }),
);

/** The reported sightings of this browser session (kept across the worker's restarts). */
export const sessionStore = {
  load: (): Promise<ReportOnceState | null> => readKey('session', REPORTED_KEY, ReportedState, null),
  save: (s: ReportOnceState): Promise<void> => writeKey('session', REPORTED_KEY, s),
};

const NO_WARNING: SignInCheckData = { warn: false };

/**
 * The web host of the sending document when it is its tab's top-level page, from what the
 * browser says about the sender; null for every frame below it.
 *
 * Why frames get no answer: a page can embed frames at hosts it makes up (wildcard DNS:
 * `<guess>.attacker.example`), and any answer about a frame's host that changed something the
 * frame can observe would tell it, guess by guess, which names the organization protects. The
 * only host judged is the one the person reads in the address bar, and the only trace of a
 * warning is the warning they see there. `frameId` is the browser's (0: the top frame); a
 * sender without it is not known to be the top frame.
 */
export function senderHost(sender: SenderLike): string | null {
  if (sender.frameId !== 0) return null;
  const url = sender.url ?? sender.tab?.url;
  return url ? (parseWeb(url)?.hostname ?? null) : null;
}

export interface SignInChecks {
  check(trigger: SignInTrigger, sender: SenderLike): Promise<SignInCheckData>;
}

export function createSignInChecks(deps: {
  settings: Pick<SettingsStore, 'get'>;
  report?: (host: string, v: LookalikeVerdict, trigger: SignInTrigger, windowKind: WindowKind) => void;
  /** Default: a fresh one, restored from and saved to `store`. */
  once?: ReportOnce;
  store?: typeof sessionStore;
}): SignInChecks {
  const report = deps.report ?? reportLookalike;
  const store = deps.store ?? sessionStore;
  // Read once per worker life, on the first check (never at start-up); a bad value starts afresh.
  let once: Promise<ReportOnce> | null = deps.once ? Promise.resolve(deps.once) : null;
  const reportedOnce = () =>
    (once ??= store
      .load()
      .catch(() => null)
      .then((initial) => createReportOnce({ initial })));
  let saving: Promise<void> = Promise.resolve();
  return {
    async check(trigger, sender) {
      // Only documents in a tab: our own pages (and anything without a tab) have no page to warn.
      const tabId = sender.tab?.id;
      if (tabId === undefined || tabId < 0) return NO_WARNING;
      const host = senderHost(sender);
      if (!host) return NO_WARNING;
      const st = await deps.settings.get();
      const verdict = lookalikeStatus(host, st);
      if (verdict.kind !== 'lookalike') return NO_WARNING;
      const seen = await reportedOnce();
      if (seen.first(tabId, host, trigger)) {
        report(host, verdict, trigger, windowKindOf(sender.tab));
        // In order, each with the state as it is when its turn comes.
        saving = saving.then(() => store.save(seen.state())).catch(ignore);
      }
      // `log`: the organization hears of it; the person and the page see nothing. `block`: the
      // page is reached only past the blocked page and warns (shared/policy/signin-action.ts).
      if (signInResponse(verdict, st.settings.signInLookalikeAction).page !== 'warn') return NO_WARNING;
      // The organization's own words (customWarningMessage) go with the warning, as text.
      const message = st.settings.customWarningMessage;
      return { warn: true, protectedHost: verdict.protectedDomain, ...(message ? { message } : {}) };
    },
  };
}
