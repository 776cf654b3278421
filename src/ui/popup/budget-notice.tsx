/**
 * Spending caused by web pages (docs/decisions/010-budgets.md): why this tab's page was not checked (a budget
 * was spent, budgets.ts), and unusual spending today (the sites whose checks were turned away).
 * Nothing shows while pages stay within their budgets.
 */
import type { BudgetReportData } from '@/src/shared/messaging/protocol';
import { Notice } from '../components/notice';
import { formatNumber } from '../format';
import { t } from '../i18n';

/** A refusal older than this is history, not the tab's state: only the day's count shows it. */
const RECENT_MS = 5 * 60_000;

function tabLine(tab: NonNullable<BudgetReportData['tab']>): string {
  switch (tab.scope) {
    case 'tab':
      return tab.kind === 'navigation' ? t('budgetTabNavigation') : t('budgetTabHover');
    case 'site':
      return t('budgetSite', tab.site);
    case 'site-day':
      return t('budgetSiteDay', tab.site);
    case 'tab-day':
      return t('budgetTabDay');
    default:
      return t('budgetDay');
  }
}

export function BudgetNotice({ budget, now = Date.now() }: { budget: BudgetReportData | undefined; now?: number }) {
  if (!budget) return null;
  const recent = budget.tab && now - budget.tab.at < RECENT_MS ? budget.tab : null;
  if (!recent && budget.refusedToday === 0) return null;
  return (
    <section
      class="budget"
      aria-label={t('budgetSpentToday', [formatNumber(budget.today.navigations), formatNumber(budget.today.hovers)])}
    >
      {recent ? <Notice kind="warn">{tabLine(recent)}</Notice> : null}
      {budget.refusedToday > 0 ? (
        <Notice kind="info">
          <p>{t('budgetUnusual', formatNumber(budget.refusedToday))}</p>
          <ul>
            {budget.refusedSites.map((s) => (
              <li key={s.site}>{t('budgetUnusualSite', [s.site, formatNumber(s.refused)])}</li>
            ))}
          </ul>
          <p class="muted">
            {t('budgetSpentToday', [formatNumber(budget.today.navigations), formatNumber(budget.today.hovers)])}
          </p>
        </Notice>
      ) : null}
    </section>
  );
}
