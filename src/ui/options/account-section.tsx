/**
 * Account and domain settings (GET/PUT /v1/settings/): a form for the scalar fields the service
 * returned, a JSON editor (must parse to an object) for the rest, and what the service saved.
 */
import { useEffect, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { CheckField, NumberField, TextField } from '../components/field';
import { KeyValueView } from '../components/key-value-view';
import { Notice } from '../components/notice';
import { t } from '../i18n';
import { useRequest } from '../use-request';
import {
  isObject,
  parseObject,
  scalarFields,
  valueAt,
  withValue,
  type JsonObject,
  type ScalarField,
} from './account-fields';

function FieldInput({
  field,
  draft,
  onChange,
}: {
  field: ScalarField;
  draft: JsonObject;
  onChange: (v: unknown) => void;
}) {
  const label = field.path.join('.');
  const v = valueAt(draft, field.path);
  if (field.kind === 'boolean') return <CheckField label={label} checked={v === true} onChange={onChange} />;
  if (field.kind === 'number')
    return <NumberField label={label} value={typeof v === 'number' ? v : 0} step="any" onChange={onChange} />;
  return <TextField label={label} value={typeof v === 'string' ? v : ''} onInput={onChange} />;
}

export function AccountSection() {
  const req = useRequest({ type: 'account.get' });
  const [record, setRecord] = useState<JsonObject | null>(null);
  const [draft, setDraft] = useState<JsonObject>({});
  const [json, setJson] = useState('');
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [saved, setSaved] = useState<JsonObject | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);

  const adopt = (r: JsonObject) => {
    setRecord(r);
    setDraft(r);
    setJson(JSON.stringify(r, null, 2));
  };
  useEffect(() => {
    if (isObject(req.data)) adopt(req.data);
  }, [req.data]);

  const put = async (settings: JsonObject) => {
    setSaved(null);
    const reply = await sendToBackground({ type: 'account.put', settings });
    if (!reply.ok) return setError(reply.error);
    setError(null);
    // Show what the service says it saved; an empty or odd answer falls back to what we sent.
    const stored = isObject(reply.data) && Object.keys(reply.data).length ? reply.data : settings;
    setSaved(stored);
    adopt(stored);
  };
  const saveJson = () => {
    const parsed = parseObject(json);
    if (!parsed.ok) {
      setJsonError(parsed.reason === 'syntax' ? t('jsonSyntax', parsed.message) : t('jsonNotObject'));
      return;
    }
    setJsonError(null);
    void put(parsed.value);
  };

  const fields = record ? scalarFields(record) : [];
  return (
    <div class="stack">
      {req.error ? <ErrorText error={req.error} /> : null}
      {record ? (
        <form
          class="stack"
          onSubmit={(e) => {
            e.preventDefault();
            void put(draft);
          }}
        >
          <h3>{t('accountForm')}</h3>
          {fields.length ? (
            fields.map((f) => (
              <FieldInput
                key={f.path.join('.')}
                field={f}
                draft={draft}
                onChange={(v) => setDraft((d) => withValue(d, f.path, v))}
              />
            ))
          ) : (
            <p class="muted">{t('accountNoFields')}</p>
          )}
          <Button type="submit" variant="primary">
            {t('saveAccount')}
          </Button>
        </form>
      ) : null}
      {record ? (
        <div class="stack">
          <label for="account-json">{t('accountJson')}</label>
          <textarea
            id="account-json"
            rows={12}
            spellcheck={false}
            value={json}
            aria-invalid={jsonError ? 'true' : undefined}
            aria-describedby={jsonError ? 'account-json-error' : undefined}
            onInput={(e) => setJson(e.currentTarget.value)}
          />
          {jsonError ? (
            <p id="account-json-error" class="field-error" role="alert">
              {jsonError}
            </p>
          ) : null}
          <Button onClick={saveJson}>{t('saveJson')}</Button>
        </div>
      ) : null}
      {error ? <ErrorText error={error} /> : null}
      {saved ? (
        <Notice kind="ok">
          <strong>{t('accountSaved')}</strong>
          <KeyValueView data={saved} />
        </Notice>
      ) : null}
    </div>
  );
}
