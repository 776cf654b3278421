/**
 * Connection: "Service URL" and "API key" (labels exactly these, docs/decisions/017-surfaces.md), Save, Test connection.
 * The stored key is never sent to this page (SettingsData.apiKeyHint only); leaving the key field
 * empty keeps the stored key. The key goes only to the origin it was entered for: after a new
 * service URL is saved, the page says so and offers, naming both origins, to use it there.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ConnectionTestData, Reply } from '@/src/shared/messaging/protocol';
import { serviceOrigin } from '@/src/shared/policy/key-binding';
import { Button } from '../components/button';
import { ConfirmButton } from '../components/confirm-button';
import { Notice } from '../components/notice';
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
    // An empty key field keeps the stored key, which stays with the origin it was entered for:
    // saving another service URL does not take it along (key-binding.ts).
    const patch = {
      ...(urlLocked ? {} : { serviceUrl: serviceUrl.trim() }),
      ...(keyLocked || apiKey.trim() === '' ? {} : { apiKey: apiKey.trim() }),
    };
    const reply = await model.save(patch);
    setSaved(reply);
    if (reply.ok) setApiKey('');
  };

  // The person confirmed, naming both origins, that the stored key may go to the saved service.
  const useStoredKeyHere = async (from: string, to: string) =>
    setSaved(await model.save({}, { rebindKey: { from, to } }));
  const stored = model.data.storedKey;
  const savedOrigin = serviceOrigin(model.settings.serviceUrl);
  const keyElsewhere = stored && !stored.inUse && !keyLocked && savedOrigin ? stored : null;

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    // An empty key field means "the stored key": the background substitutes it.
    setTest(await sendToBackground({ type: 'connection.test', serviceUrl: serviceUrl.trim(), apiKey: apiKey.trim() }));
    setTesting(false);
  };

  return (
    <form
      class="stack"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextField
        label={t('serviceUrl')}
        type="url"
        value={serviceUrl}
        onInput={setServiceUrl}
        locked={urlLocked}
        placeholder="https://scanner.example.com"
        hint={t('serviceUrlHint')}
      />
      <TextField
        label={t('apiKey')}
        type="password"
        value={apiKey}
        onInput={setApiKey}
        locked={keyLocked}
        hint={hint ? t('apiKeyStored', hint) : t('apiKeyHint')}
      />
      {keyElsewhere ? (
        <Notice kind="warn">
          {keyElsewhere.origin
            ? t('keyOtherOrigin', [keyElsewhere.hint, keyElsewhere.origin])
            : t('keyUnboundOrigin', keyElsewhere.hint)}{' '}
          {keyElsewhere.origin && savedOrigin ? (
            <ConfirmButton
              label={t('keyUseHere', savedOrigin)}
              question={t('keyUseHereQuestion', [keyElsewhere.origin, savedOrigin])}
              onConfirm={() => void useStoredKeyHere(keyElsewhere.origin!, savedOrigin)}
            />
          ) : null}
        </Notice>
      ) : null}
      <div class="row">
        <Button type="submit" variant="primary" disabled={urlLocked && keyLocked}>
          {t('save')}
        </Button>
        <Button busy={testing} onClick={() => void runTest()}>
          {t('testConnection')}
        </Button>
      </div>
      <SaveStatus reply={saved} />
      {test ? test.ok ? <ConnectionOutcome result={test.data} /> : <ErrorText error={test.error} /> : null}
    </form>
  );
}
