/**
 * What a settings file will change (src/shared/policy/import-plan.ts), shown before anything is
 * applied: each change as "key: old → new", a warning in words for each change that lowers
 * protection or sends more, what happens to the API key when the service URL changes, and what
 * the file holds that is ignored. Values are rendered as text.
 */
import type { ImportChange, ImportPlan, IgnoredWhy, WeakenReason } from '@/src/shared/policy/import-plan';
import { t } from '../i18n';

export const WEAKEN_KEYS: Record<WeakenReason, string> = {
  'service-url-cleared': 'weaken_service_url_cleared',
  'service-url-changed': 'weaken_service_url_changed',
  'checks-off': 'weaken_checks_off',
  'audit-only': 'weaken_audit_only',
  'proceed-allowed': 'weaken_proceed_allowed',
  'strict-off': 'weaken_strict_off',
  'threshold-raised': 'weaken_threshold_raised',
  'allowlist-added': 'weaken_allowlist_added',
  'blocklist-removed': 'weaken_blocklist_removed',
  'sends-more': 'weaken_sends_more',
  'report-url': 'weaken_report_url',
};

export const IGNORED_KEYS: Record<IgnoredWhy, string> = {
  unknown: 'ignored_unknown',
  invalid: 'ignored_invalid',
  locked: 'ignored_locked',
  'not-importable': 'ignored_not_importable',
};

/** A value as short text (a long list is cut; the file holds the rest). */
export function showValue(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v) ?? String(v);
  return s.length > 160 ? `${s.slice(0, 157)}…` : s;
}

function Change({ c }: { c: ImportChange }) {
  return (
    <li class={c.weakens ? 'change weakens' : 'change'}>
      <code>{c.key}</code>: <span class="break">{showValue(c.from)}</span> → <span class="break">{showValue(c.to)}</span>
      {c.weakens ? <strong class="warn-text"> {t(WEAKEN_KEYS[c.weakens])}</strong> : null}
    </li>
  );
}

export function PlanChanges({ plan }: { plan: ImportPlan }) {
  return (
    <ul class="plan-changes">
      {plan.changes.map((c) => <Change key={c.key} c={c} />)}
    </ul>
  );
}

export function KeyNote({ plan }: { plan: ImportPlan }) {
  const k = plan.serviceKey;
  if (!k || !k.newOrigin || k.keyOrigin === k.newOrigin) return null;
  return <p>{k.keyOrigin ? t('importKeyStays', [k.keyOrigin, k.newOrigin]) : t('importKeyNeeded', k.newOrigin)}</p>;
}

export function Ignored({ plan }: { plan: ImportPlan }) {
  if (!plan.ignored.length) return null;
  return (
    <div>
      {t('importIgnored')}
      <ul class="plan-ignored">
        {plan.ignored.map((i) => <li key={`${i.key}:${i.why}`}><code>{i.key}</code> — {t(IGNORED_KEYS[i.why])}</li>)}
      </ul>
    </div>
  );
}
