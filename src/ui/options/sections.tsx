/**
 * Every section of the options page, in page order, with the group it is shown in. A new section
 * is one entry here; option-groups.ts decides which group a link opens, options-app.tsx draws the
 * groups. Each section keeps its anchor id (links and tests find it by `section#<id>`).
 */
import type { VNode } from 'preact';
import type { SettingsData } from '@/src/shared/messaging/protocol';
import { Notice } from '../components/notice';
import { t } from '../i18n';
import { AccountSection } from './account-section';
import { AuditSection } from './audit-section';
import { CacheSection } from './cache-section';
import { ConnectionSection } from './connection-section';
import { CreditsSection } from './credits-section';
import { ExceptionsSection } from './exceptions-section';
import { HistorySection } from './history-section';
import { ImportExportSection } from './import-export-section';
import { KeysSection } from './keys-section';
import { LedgerSection } from './ledger-section';
import { ListsSection } from './lists-section';
import type { GroupId } from './option-groups';
import { PrivacySection } from './privacy-section';
import { ProtectionSection } from './protection-section';
import { ReportingSection } from './reporting-section';
import type { SettingsModel } from './use-settings';

export interface SectionContext {
  model: SettingsModel;
  /** The saved connection's identity (connectionIdentity), null while nothing is connected. */
  conn: string | null;
}

export interface OptionSection {
  id: string;
  group: GroupId;
  titleKey: string;
  /** Hidden under the policy hideAccountSections (docs/decisions/016-organizations.md): managed users do not handle keys or credits. */
  account?: true;
  render: (c: SectionContext) => VNode;
}

/**
 * The saved connection, as the sections that talk to the service depend on it. Used as their
 * `key`: after Save (or an import) they mount again and ask with the new connection at once,
 * instead of showing what the old one answered until the page is reloaded.
 */
export function connectionIdentity(data: SettingsData): string | null {
  if (!data.settings.serviceUrl || !data.apiKeyHint) return null;
  return `${data.settings.serviceUrl}\n${data.apiKeyHint}`;
}

/** In place of a service section while nothing is connected: points at the Connection group. */
function ConnectFirst() {
  return (
    <Notice kind="info">
      <span>{t('connectFirst')}</span> <a href="#connection">{t('group_connection')}</a>
    </Notice>
  );
}

export const OPTION_SECTIONS: readonly OptionSection[] = [
  {
    id: 'connection',
    group: 'connection',
    titleKey: 'sec_connection',
    render: ({ model }) => <ConnectionSection model={model} />,
  },
  {
    id: 'protection',
    group: 'protection',
    titleKey: 'sec_protection',
    render: ({ model }) => <ProtectionSection model={model} />,
  },
  { id: 'privacy', group: 'privacy', titleKey: 'sec_privacy', render: ({ model }) => <PrivacySection model={model} /> },
  { id: 'cache', group: 'privacy', titleKey: 'sec_cache', render: () => <CacheSection /> },
  { id: 'lists', group: 'lists', titleKey: 'sec_lists', render: ({ model }) => <ListsSection model={model} /> },
  { id: 'exceptions', group: 'lists', titleKey: 'sec_exceptions', render: () => <ExceptionsSection /> },
  { id: 'ledger', group: 'activity', titleKey: 'sec_ledger', render: () => <LedgerSection /> },
  {
    id: 'audit',
    group: 'activity',
    titleKey: 'sec_audit',
    render: ({ model }) => <AuditSection auditOnly={model.settings.auditOnly} />,
  },
  {
    id: 'history',
    group: 'activity',
    titleKey: 'sec_history',
    render: ({ conn }) => <HistorySection key={conn ?? 'none'} connected={conn !== null} />,
  },
  {
    id: 'keys',
    group: 'account',
    titleKey: 'sec_keys',
    account: true,
    render: ({ model, conn }) =>
      conn ? (
        <KeysSection connection={conn} canUse={!model.locked('apiKey')} onUse={(apiKey) => model.save({ apiKey })} />
      ) : (
        <ConnectFirst />
      ),
  },
  {
    id: 'credits',
    group: 'account',
    titleKey: 'sec_credits',
    account: true,
    render: ({ conn }) => (conn ? <CreditsSection key={conn} /> : <ConnectFirst />),
  },
  {
    id: 'account',
    group: 'account',
    titleKey: 'sec_account',
    account: true,
    render: ({ conn }) => (conn ? <AccountSection key={conn} /> : <ConnectFirst />),
  },
  {
    id: 'backup',
    group: 'advanced',
    titleKey: 'sec_backup',
    render: ({ model }) => <ImportExportSection locked={model.data.lockAll} onImported={model.reload} />,
  },
  { id: 'reporting', group: 'advanced', titleKey: 'sec_reporting', render: () => <ReportingSection /> },
];

/** The sections this install shows (the policy may hide the account ones). */
export function shownSections(hideAccount: boolean): readonly OptionSection[] {
  return hideAccount ? OPTION_SECTIONS.filter((s) => !s.account) : OPTION_SECTIONS;
}
