/**
 * The options page's side navigation: one link per group (plain links to #group, so they work
 * with the keyboard, open in a new tab and take part in back/forward). The shown group is marked
 * aria-current for assistive technology and styled as selected.
 */
import { t } from '../i18n';
import { GROUP_TITLE_KEYS, type GroupId } from './option-groups';

export function SideNav({ groups, current }: { groups: readonly GroupId[]; current: GroupId }) {
  return (
    <nav class="side-nav" aria-label={t('sections')}>
      <ul>
        {groups.map((g) => (
          <li key={g}>
            <a href={`#${g}`} aria-current={g === current ? 'page' : undefined}>
              {t(GROUP_TITLE_KEYS[g])}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
