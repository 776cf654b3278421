import { t } from '../i18n';

/** Shown beside every field a managed policy sets (docs/decisions/017-surfaces.md: "Set by your organization"). */
export function LockedNote({ id }: { id?: string }) {
  return (
    <span class="locked-note" id={id}>
      {t('lockedByOrg')}
    </span>
  );
}
