/**
 * What a settings file will change (src/shared/policy/import-plan.ts), shown before anything is
 * applied: each change in words with its values whole (import-words.ts), a flag in words on each
 * change that lowers protection or sends more, what happens to the API key when the service URL
 * changes, each list entry refused with its reason, and what the file holds that is ignored.
 * Values are rendered as text.
 */
import type {
  ImportChange,
  ImportPlan,
  IgnoredWhy,
  RejectedEntry,
  WeakenReason,
} from '@/src/shared/policy/import-plan';
import {
  describeChange,
  HOST_ENTRY_PROBLEM_KEYS,
  SETTING_LABEL_KEYS,
  type Words,
} from '@/src/shared/policy/import-words';
import { t } from '../i18n';

export const WEAKEN_KEYS: Record<WeakenReason, string> = {
  'service-url-cleared': 'weaken_service_url_cleared',
  'service-url-changed': 'weaken_service_url_changed',
  'checks-off': 'weaken_checks_off',
  'hover-slower': 'weaken_hover_slower',
  'audit-only': 'weaken_audit_only',
  'proceed-allowed': 'weaken_proceed_allowed',
  'strict-off': 'weaken_strict_off',
  'strict-shorter': 'weaken_strict_shorter',
  'threshold-raised': 'weaken_threshold_raised',
  'cache-longer': 'weaken_cache_longer',
  'allowlist-added': 'weaken_allowlist_added',
  'blocklist-removed': 'weaken_blocklist_removed',
  'sends-more': 'weaken_sends_more',
  'report-url': 'weaken_report_url',
  'notify-less': 'weaken_notify_less',
  'menu-removed': 'weaken_menu_removed',
};

export const IGNORED_KEYS: Record<IgnoredWhy, string> = {
  unknown: 'ignored_unknown',
  invalid: 'ignored_invalid',
  locked: 'ignored_locked',
  'not-importable': 'ignored_not_importable',
};

/** One line of words, its values substituted (a label by its own message). */
export function sayWords(w: Words): string {
  return t(
    w.msg,
    w.args.map((a) => ('msg' in a ? t(a.msg) : a.text)),
  );
}

function Change({ c }: { c: ImportChange }) {
  const words = describeChange(c);
  return (
    <li class={c.weakens ? 'change weakens' : 'change'} data-key={c.key}>
      {words.length === 1 ? (
        <span class="break">{sayWords(words[0]!)}</span>
      ) : (
        <ul class="plan-words">
          {words.map((w, i) => (
            <li key={i} class="break">
              {sayWords(w)}
            </li>
          ))}
        </ul>
      )}
      {c.weakens ? (
        <strong class="warn-text weaken-flag">
          {' '}
          {t('importWeakens')} {t(WEAKEN_KEYS[c.weakens])}
        </strong>
      ) : null}
    </li>
  );
}

export function PlanChanges({ plan }: { plan: ImportPlan }) {
  return (
    <ul class="plan-changes">
      {plan.changes.map((c) => (
        <Change key={c.key} c={c} />
      ))}
    </ul>
  );
}

export function KeyNote({ plan }: { plan: ImportPlan }) {
  const k = plan.serviceKey;
  if (!k || !k.newOrigin || k.keyOrigin === k.newOrigin) return null;
  return (
    <p class="break">
      {k.keyOrigin ? t('importKeyStays', [k.keyOrigin, k.newOrigin]) : t('importKeyNeeded', k.newOrigin)}
    </p>
  );
}

function Entry({ r }: { r: RejectedEntry }) {
  return (
    <li>
      <code class="break">{r.entry}</code>
      {r.length !== undefined ? ` ${t('importEntryCut', String(r.length))}` : null} —{' '}
      {t(HOST_ENTRY_PROBLEM_KEYS[r.problem])}
    </li>
  );
}

/** The list entries of the file that were refused, by list, each with its reason. */
export function Rejected({ plan }: { plan: ImportPlan }) {
  return (
    <>
      {(['allowlist', 'blocklist'] as const).map((list) => {
        const entries = plan.rejected.filter((r) => r.key === list);
        if (!entries.length) return null;
        return (
          <div key={list} class="plan-rejected" data-list={list}>
            {t('importRejected', t(SETTING_LABEL_KEYS[list]))}
            <ul>
              {entries.map((r, i) => (
                <Entry key={i} r={r} />
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
}

export function Ignored({ plan }: { plan: ImportPlan }) {
  if (!plan.ignored.length) return null;
  return (
    <div>
      {t('importIgnored')}
      <ul class="plan-ignored">
        {plan.ignored.map((i) => (
          <li key={`${i.key}:${i.why}`}>
            <code>{i.key}</code> — {t(IGNORED_KEYS[i.why])}
          </li>
        ))}
      </ul>
    </div>
  );
}
