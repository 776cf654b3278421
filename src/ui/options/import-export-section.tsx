/**
 * Settings as a JSON file. Export never contains the API key; import is validated by the
 * background (`settings.import`), which reports what it rejected.
 */
import { useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { Reply, SettingsData } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { Notice } from '../components/notice';
import { refusedOf } from '../components/save-status';
import { downloadJson } from '../download';
import { t } from '../i18n';

const MAX_IMPORT = 1_000_000;

export function ImportExportSection({ onImported, locked }: { onImported: () => void; locked: boolean }) {
  const [result, setResult] = useState<Reply | null>(null);
  const [tooBig, setTooBig] = useState(false);

  const exportSettings = async () => {
    const reply = await sendToBackground<SettingsData>({ type: 'settings.get' });
    if (!reply.ok) return setResult(reply);
    const { apiKey: _dropped, ...rest } = reply.data.settings;
    downloadJson('linklens-settings.json', rest);
  };
  const importFile = async (file: File | undefined) => {
    setResult(null);
    if (!file) return;
    setTooBig(file.size > MAX_IMPORT);
    if (file.size > MAX_IMPORT) return;
    const json = await file.text();
    setResult(await sendToBackground({ type: 'settings.import', json }));
    onImported();
  };

  return (
    <div class="stack">
      <Button onClick={() => void exportSettings()}>{t('exportSettings')}</Button>
      <div class="field">
        <label for="import-settings">{t('importSettings')}</label>
        <input id="import-settings" type="file" accept="application/json,.json" disabled={locked} onChange={(e) => void importFile(e.currentTarget.files?.[0])} />
      </div>
      {tooBig ? <Notice kind="error">{t('importTooBig')}</Notice> : null}
      {result?.ok && refusedOf(result).length ? <Notice kind="warn">{t('importedExcept')} {refusedOf(result).join('; ')}</Notice> : null}
      {result?.ok && !refusedOf(result).length ? <Notice kind="ok">{t('imported')}</Notice> : null}
      {result && !result.ok ? <ErrorText error={result.error} /> : null}
    </div>
  );
}
