/** The person's trusted and blocked sites (and what the organization adds to them). */
import { t } from '../i18n';
import { SiteList } from './site-list';
import type { SettingsModel } from './use-settings';

export function ListsSection({ model }: { model: SettingsModel }) {
  const s = model.settings;
  const lk = model.locked;
  return (
    <div class="stack">
      {(['allowlist', 'blocklist'] as const).map((list) => (
        <SiteList
          key={list}
          list={list}
          title={list === 'allowlist' ? t('allowlistTitle') : t('blocklistTitle')}
          sites={s[list]}
          locked={lk(list)}
          orgAdds={model.data.managedKeys.includes(list)}
          fixed={model.data.managedEntries?.[list] ?? []}
          onChanged={model.reload}
        />
      ))}
    </div>
  );
}
