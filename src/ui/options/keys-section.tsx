/**
 * API keys: list, create (name + scopes; the secret is shown once), revoke with confirmation.
 * Scope names beyond SCAN_WRITE are not shown in the spec (Authentication 5); these are the ones
 * the local service knows.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo, Reply } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ConfirmButton } from '../components/confirm-button';
import { ErrorText } from '../components/error-text';
import { CheckField, TextField } from '../components/field';
import { Notice } from '../components/notice';
import { formatTime } from '../format';
import { t } from '../i18n';
import { useRequest } from '../use-request';
import { CreatedKey, type NewKey } from './created-key';
import { toKeyRows } from './key-list';

export const SCOPES = ['SCAN_WRITE', 'SCAN_READ', 'KEYS_ADMIN', 'CREDITS', 'SETTINGS'] as const;

export function KeysSection({
  canUse,
  onUse,
  connection,
}: {
  canUse: boolean;
  onUse: (secret: string) => Promise<Reply>;
  connection?: string;
}) {
  const list = useRequest({ type: 'keys.list' });
  // A new saved connection lists its keys at once. Not a remount: "Use this key" changes the
  // connection too, and the panel of the key just created must stay until Done.
  const shownFor = useRef(connection);
  useEffect(() => {
    if (shownFor.current === connection) return;
    shownFor.current = connection;
    list.reload();
  }, [connection]);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['SCAN_WRITE']);
  const [created, setCreated] = useState<NewKey | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [noScope, setNoScope] = useState(false);
  const rows = toKeyRows(list.data);

  const create = async () => {
    setNoScope(scopes.length === 0);
    if (scopes.length === 0) return;
    const reply = await sendToBackground({ type: 'keys.create', name: name.trim(), scopes });
    if (!reply.ok) return setError(reply.error);
    setError(null);
    setName('');
    // Keep only what the panel shows; the reply object (and its raw) is dropped here.
    setCreated({ name: reply.data.name, secret: typeof reply.data.secret === 'string' ? reply.data.secret : null });
    list.reload();
  };
  const revoke = async (id: string) => {
    const reply = await sendToBackground({ type: 'keys.revoke', id });
    setError(reply.ok ? null : reply.error);
    list.reload();
  };
  const toggle = (scope: string, on: boolean) =>
    setScopes((cur) => (on ? [...cur, scope] : cur.filter((s) => s !== scope)));

  return (
    <div class="stack">
      {list.error ? <ErrorText error={list.error} /> : null}
      {rows.length === 0 && !list.loading ? <p class="muted">{t('noKeys')}</p> : null}
      <ul class="key-list">
        {rows.map((k) => (
          <li key={k.id} class="key-row">
            <div class="key-text">
              <strong>{k.name ?? t('unnamedKey')}</strong> <code>{k.id}</code>
              <div class="muted">
                {k.scopes.join(', ') || t('none')} · {formatTime(k.createdAt)}
              </div>
            </div>
            <ConfirmButton
              label={t('revoke')}
              question={t('revokeConfirm', k.name ?? k.id)}
              onConfirm={() => void revoke(k.id)}
            />
          </li>
        ))}
      </ul>
      {created ? (
        <CreatedKey created={created} canUse={canUse} onUse={onUse} onDone={() => setCreated(null)} />
      ) : (
        <form
          class="stack"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <h3>{t('createKey')}</h3>
          <TextField label={t('keyName')} value={name} onInput={setName} />
          <fieldset>
            <legend>{t('scopes')}</legend>
            {SCOPES.map((s) => (
              <CheckField key={s} label={s} checked={scopes.includes(s)} onChange={(on) => toggle(s, on)} />
            ))}
          </fieldset>
          {noScope ? <Notice kind="error">{t('pickScope')}</Notice> : null}
          <Button type="submit" variant="primary">
            {t('createKey')}
          </Button>
        </form>
      )}
      {error ? <ErrorText error={error} /> : null}
    </div>
  );
}
