/**
 * Connection: "Service URL" and "API key" (labels exactly these, issue 5), Save, Test connection.
 * The stored key is never sent to this page (SettingsData.apiKeyHint only); leaving the key field
 * empty keeps the stored key.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ConnectionTestData, Reply } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { TextField } from '../components/field';
import { SaveStatus } from '../components/save-status';
import { t } from '../i18n';
import { ConnectionOutcome } from './connection-outcome';
import type { SettingsModel } from './use-settings';

export function ConnectionSection({ model }: { model: SettingsModel }) {
  const [serviceUrl, setServiceUrl] = useState(model.settings.serviceUrl);
  const [apiKey, setApiKey] = useState('');
  const [saved, setSaved] = useState<Reply | null>(null);
  const [test, setTest] = useState<Reply<ConnectionTestData> | null>(null);
  const [testing, setTesting] = useState(false);
  const hint = model.data.apiKeyHint;
  const urlLocked = model.locked('serviceUrl');
  const keyLocked = model.locked('apiKey');

  // Follow the stored URL when it changes elsewhere (import, policy), never overwrite typing
  // with the value the field already started from.
  const lastStored = useRef(model.settings.serviceUrl);
  useEffect(() => {
    if (lastStored.current === model.settings.serviceUrl) return;
    lastStored.current = model.settings.serviceUrl;
    setServiceUrl(model.settings.serviceUrl);
  }, [model.settings.serviceUrl]);

  const save = async () => {
    const patch = {
      ...(urlLocked ? {} : { serviceUrl: serviceUrl.trim() }),
      ...(keyLocked || (apiKey.trim() === '' && hint) ? {} : { apiKey: apiKey.trim() }),
    };
    const reply = await model.save(patch);
    setSaved(reply);
    if (reply.ok) setApiKey('');
  };

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    // An empty key field means "the stored key": the background substitutes it.
    setTest(await sendToBackground<ConnectionTestData>({ type: 'connection.test', serviceUrl: serviceUrl.trim(), apiKey: apiKey.trim() }));
    setTesting(false);
  };

  return (
    <form class="stack" onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <TextField label={t('serviceUrl')} type="url" value={serviceUrl} onInput={setServiceUrl} locked={urlLocked} placeholder="https://scanner.example.com" hint={t('serviceUrlHint')} />
      <TextField
        label={t('apiKey')}
        type="password"
        value={apiKey}
        onInput={setApiKey}
        locked={keyLocked}
        hint={hint ? t('apiKeyStored', hint) : t('apiKeyHint')}
      />
      <div class="row">
        <Button type="submit" variant="primary" disabled={urlLocked && keyLocked}>{t('save')}</Button>
        <Button busy={testing} onClick={() => void runTest()}>{t('testConnection')}</Button>
      </div>
      <SaveStatus reply={saved} />
      {test ? (test.ok ? <ConnectionOutcome result={test.data} /> : <ErrorText error={test.error} />) : null}
    </form>
  );
}
