import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n';
import { Button } from './button';

/**
 * A destructive action asks first, inline (keyboard-usable, no window.confirm): the first press
 * shows the question with Confirm and Cancel, and moves focus to Cancel (the safe choice) so a
 * keyboard user is not left on a button that disappeared.
 */
export function ConfirmButton({
  label,
  question,
  onConfirm,
  disabled,
}: {
  label: string;
  question: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const group = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (asking) group.current?.querySelector<HTMLButtonElement>('button:last-of-type')?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <Button variant="danger" disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <span class="confirm" role="group" aria-label={question} ref={group}>
      <span>{question}</span>{' '}
      <Button
        variant="danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {t('confirm')}
      </Button>{' '}
      <Button onClick={() => setAsking(false)}>{t('cancel')}</Button>
    </span>
  );
}
