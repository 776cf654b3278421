/**
 * The secret of a key just created, shown once (spec, Authentication 4: "The full key value is
 * displayed only once"). The parent drops it from state on Done; nothing else ever holds it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Reply } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { Notice } from '../components/notice';
import { SaveStatus } from '../components/save-status';
import { t } from '../i18n';

export interface NewKey {
  name: string | null;
  secret: string | null;
}

export function CreatedKey({
  created,
  canUse,
  onUse,
  onDone,
}: {
  created: NewKey;
  canUse: boolean;
  onUse: (secret: string) => Promise<Reply>;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const [used, setUsed] = useState<Reply | null>(null);
  const { secret } = created;
  const input = useRef<HTMLInputElement>(null);
  // Focus and select the new key: it is what the person must act on now (copy it).
  useEffect(() => input.current?.select(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div class="created-key" role="region" aria-label={t('keyCreatedTitle')}>
      <h3>{t('keyCreatedTitle')}</h3>
      {secret ? (
        <>
          <Notice kind="warn">{t('keyShownOnce')}</Notice>
          <label for="new-key-secret">{t('newKeyLabel')}</label>
          <input
            id="new-key-secret"
            ref={input}
            class="secret"
            type="text"
            readOnly
            value={secret}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div class="row">
            <Button onClick={() => void copy()}>{t('copy')}</Button>
            {canUse ? (
              <Button variant="primary" onClick={() => void onUse(secret).then(setUsed)}>
                {t('useThisKey')}
              </Button>
            ) : null}
          </div>
          {copied === true ? <Notice kind="ok">{t('copied')}</Notice> : null}
          {copied === false ? <Notice kind="error">{t('copyFailed')}</Notice> : null}
          {used?.ok ? <Notice kind="ok">{t('keyInUse')}</Notice> : <SaveStatus reply={used} />}
        </>
      ) : (
        <Notice kind="warn">{t('keyNoSecret')}</Notice>
      )}
      <Button variant="primary" onClick={onDone}>
        {t('done')}
      </Button>
    </div>
  );
}
