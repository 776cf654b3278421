/**
 * firstrun.html, opened once on install while no service is set (src/background/first-run.ts):
 * three steps, connect (service URL and API key, saved), test (the service answers with this
 * key), done (what Linklens does now). Everything else is in the options page.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ConnectionTestData, Reply } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { TextField } from '../components/field';
import { t } from '../i18n';
import { ConnectionOutcome } from '../options/connection-outcome';
import { useSettings, type SettingsModel } from '../options/use-settings';
import { nextStep, STEP_TITLE_KEYS, STEPS, type Step } from './steps';

function StepList({ current }: { current: Step }) {
  const at = STEPS.indexOf(current);
  return (
    <ol class="steps" aria-label={t('firstRunProgress')}>
      {STEPS.map((s, i) => (
        <li
          key={s}
          class={i < at ? 'step-done' : i === at ? 'step-current' : undefined}
          aria-current={i === at ? 'step' : undefined}
        >
          <span class="step-number" aria-hidden="true">
            {i < at ? '✓' : i + 1}
          </span>{' '}
          {t(STEP_TITLE_KEYS[s])}
        </li>
      ))}
    </ol>
  );
}

function Connect({ model, onSaved }: { model: SettingsModel; onSaved: (serviceUrl: string) => void }) {
  const [serviceUrl, setServiceUrl] = useState(model.settings.serviceUrl);
  const [apiKey, setApiKey] = useState('');
  const [reply, setReply] = useState<Reply | null>(null);
  const hint = model.data.apiKeyHint;
  const save = async () => {
    const patch = { serviceUrl: serviceUrl.trim(), ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) };
    const r = await model.save(patch);
    setReply(r);
    if (r.ok) onSaved(patch.serviceUrl);
  };
  return (
    <form
      class="stack"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p>{t('firstRunConnectBody')}</p>
      <TextField
        label={t('serviceUrl')}
        type="url"
        value={serviceUrl}
        onInput={setServiceUrl}
        placeholder="https://scanner.example.com"
        hint={t('serviceUrlHint')}
      />
      <TextField
        label={t('apiKey')}
        type="password"
        value={apiKey}
        onInput={setApiKey}
        hint={hint ? t('apiKeyStored', hint) : t('apiKeyHint')}
      />
      <div class="row">
        <Button type="submit" variant="primary" disabled={!serviceUrl.trim() || (!apiKey.trim() && !hint)}>
          {t('firstRunSave')}
        </Button>
      </div>
      {reply && !reply.ok ? <ErrorText error={reply.error} /> : null}
    </form>
  );
}

function Test({
  serviceUrl,
  onResult,
  onBack,
}: {
  serviceUrl: string;
  onResult: (r: ConnectionTestData) => void;
  onBack: () => void;
}) {
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<Reply<ConnectionTestData> | null>(null);
  const run = async () => {
    setTesting(true);
    setResult(null);
    // An empty key means the stored one, which the background substitutes (it never comes here).
    const r = await sendToBackground({ type: 'connection.test', serviceUrl, apiKey: '' });
    setTesting(false);
    setResult(r);
    if (r.ok) onResult(r.data);
  };
  return (
    <div class="stack">
      <p>{t('firstRunTestBody', serviceUrl)}</p>
      <div class="row">
        <Button variant="primary" busy={testing} onClick={() => void run()}>
          {t('testConnection')}
        </Button>
        <Button variant="link" onClick={onBack}>
          {t('firstRunBack')}
        </Button>
      </div>
      {result ? result.ok ? <ConnectionOutcome result={result.data} /> : <ErrorText error={result.error} /> : null}
    </div>
  );
}

function Done({ result }: { result: ConnectionTestData | null }) {
  const close = async () => {
    const tab = await browser.tabs.getCurrent().catch(() => undefined);
    if (tab?.id !== undefined) await browser.tabs.remove(tab.id).catch(() => undefined);
    else window.close();
  };
  return (
    <div class="stack">
      {result ? <ConnectionOutcome result={result} /> : null}
      <p>{t('firstRunDoneBody')}</p>
      <div class="row">
        <Button variant="primary" onClick={() => void close()}>
          {t('firstRunClose')}
        </Button>
        <a class="btn btn-link" href={browser.runtime.getURL('/options.html#protection')}>
          {t('openSettings')}
        </a>
      </div>
    </div>
  );
}

export function FirstRunApp() {
  const { model, error } = useSettings();
  const [step, setStep] = useState<Step>('connect');
  const [result, setResult] = useState<ConnectionTestData | null>(null);
  const [serviceUrl, setServiceUrl] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // Each new step is announced by moving focus to its heading (not on the first one: the page
  // has just opened and the person starts at the top).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  return (
    <main class="firstrun">
      <h1>{t('firstRunTitle')}</h1>
      <StepList current={step} />
      <section class="card" aria-labelledby="step-title">
        <h2 id="step-title" ref={heading} tabIndex={-1}>
          {t(STEP_TITLE_KEYS[step])}
        </h2>
        {error ? <ErrorText error={error} /> : null}
        {!model && !error ? <p role="status">{t('loading')}</p> : null}
        {model && step === 'connect' ? (
          <Connect
            model={model}
            onSaved={(url) => {
              setServiceUrl(url);
              setStep(nextStep('connect', { saved: true }));
            }}
          />
        ) : null}
        {model && step === 'test' ? (
          <Test
            serviceUrl={serviceUrl}
            onBack={() => setStep('connect')}
            onResult={(r) => {
              setResult(r);
              setStep(
                nextStep('test', {
                  saved: true,
                  test: r.outcome,
                  canScan: r.outcome === 'connected' ? r.canScan : false,
                }),
              );
            }}
          />
        ) : null}
        {model && step === 'done' ? <Done result={result} /> : null}
      </section>
    </main>
  );
}
