/**
 * The options page: one column of sections with a table of contents (anchors, so the popup can
 * open options.html#credits). Settings load once; each section saves its own changes.
 */
import type { ComponentChildren } from 'preact';
import { ErrorText } from '../components/error-text';
import { LockedNote } from '../components/locked-note';
import { t } from '../i18n';
import { AccountSection } from './account-section';
import { AuditSection } from './audit-section';
import { CacheSection } from './cache-section';
import { ConnectionSection } from './connection-section';
import { ExceptionsSection } from './exceptions-section';
import { CreditsSection } from './credits-section';
import { HistorySection } from './history-section';
import { ImportExportSection } from './import-export-section';
import { KeysSection } from './keys-section';
import { LedgerSection } from './ledger-section';
import { PrivacySection } from './privacy-section';
import { ProtectionSection } from './protection-section';
import { ReportingSection } from './reporting-section';
import { useSettings } from './use-settings';
import { Notice } from '../components/notice';
import type { SettingsData } from '@/src/shared/messaging/protocol';
import { BrandHeader } from '../components/brand';

/**
 * The saved connection, as the sections that talk to the service depend on it. Used as their
 * `key`: after Save (or an import) they mount again and ask with the new connection at once,
 * instead of showing what the old one answered until the page is reloaded.
 */
export function connectionIdentity(data: SettingsData): string | null {
  if (!data.settings.serviceUrl || !data.apiKeyHint) return null;
  return `${data.settings.serviceUrl}\n${data.apiKeyHint}`;
}

/** In place of a service section while nothing is connected: points at the form on this page. */
function ConnectFirst() {
  return <Notice kind="info">{t('connectFirst')}</Notice>;
}

const SECTIONS = ['connection', 'protection', 'privacy', 'exceptions', 'ledger', 'audit', 'history', 'keys', 'credits', 'account', 'cache', 'backup', 'reporting'] as const;
/** Hidden under the policy `hideAccountSections` (docs/decisions/016-organizations.md): managed users do not handle keys or credits. */
const ACCOUNT_SECTIONS: readonly string[] = ['keys', 'credits', 'account'];
type SectionId = (typeof SECTIONS)[number];
export const SECTION_TITLE_KEYS: Record<SectionId, string> = {
  connection: 'sec_connection',
  protection: 'sec_protection',
  privacy: 'sec_privacy',
  exceptions: 'sec_exceptions',
  ledger: 'sec_ledger',
  audit: 'sec_audit',
  history: 'sec_history',
  keys: 'sec_keys',
  credits: 'sec_credits',
  account: 'sec_account',
  cache: 'sec_cache',
  backup: 'sec_backup',
  reporting: 'sec_reporting',
};

function Section({ id, children }: { id: SectionId; children: ComponentChildren }) {
  return (
    <section id={id} class="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(SECTION_TITLE_KEYS[id])}</h2>
      {children}
    </section>
  );
}

export function OptionsApp() {
  const { model, error } = useSettings();
  const conn = model ? connectionIdentity(model.data) : null;
  const hideAccount = model?.settings.hideAccountSections === true;
  return (
    <div class="options">
      <header class="bar">
        <h1>{t('optionsTitle')}</h1>
      </header>
      <nav aria-label={t('sections')}>
        <ul>
          {SECTIONS.filter((id) => !(hideAccount && ACCOUNT_SECTIONS.includes(id))).map((id) => <li key={id}><a href={`#${id}`}>{t(SECTION_TITLE_KEYS[id])}</a></li>)}
        </ul>
      </nav>
      <main>
        {error ? <ErrorText error={error} /> : null}
        {!model && !error ? <p role="status">{t('loading')}</p> : null}
        <BrandHeader />
        {model?.data.lockAll ? <p class="org-managed"><LockedNote /></p> : null}
        {model ? (
          <>
            <Section id="connection"><ConnectionSection model={model} /></Section>
            <Section id="protection"><ProtectionSection model={model} /></Section>
            <Section id="privacy"><PrivacySection model={model} /></Section>
            <Section id="exceptions"><ExceptionsSection /></Section>
            <Section id="ledger"><LedgerSection /></Section>
            <Section id="audit"><AuditSection auditOnly={model.settings.auditOnly} /></Section>
            <Section id="history"><HistorySection key={conn ?? 'none'} connected={conn !== null} /></Section>
            {hideAccount ? null : (
              <>
                <Section id="keys">
                  {conn ? <KeysSection connection={conn} canUse={!model.locked('apiKey')} onUse={(apiKey) => model.save({ apiKey })} /> : <ConnectFirst />}
                </Section>
                <Section id="credits">{conn ? <CreditsSection key={conn} /> : <ConnectFirst />}</Section>
                <Section id="account">{conn ? <AccountSection key={conn} /> : <ConnectFirst />}</Section>
              </>
            )}
            <Section id="cache"><CacheSection /></Section>
            <Section id="backup"><ImportExportSection locked={model.data.lockAll} onImported={model.reload} /></Section>
            <Section id="reporting"><ReportingSection /></Section>
          </>
        ) : null}
      </main>
    </div>
  );
}
