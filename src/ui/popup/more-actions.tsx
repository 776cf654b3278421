/**
 * "More actions": the popup's less frequent actions, closed at first so the verdict and the one
 * or two actions that matter stay in view. A real button with aria-expanded (keyboard and screen
 * readers for free); the group stays mounted while closed, so an action under way keeps going.
 */
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import { t } from '../i18n';

export function MoreActions({ children }: { children: ComponentChildren }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section class="more-actions">
      <button
        type="button"
        class="btn btn-link disclosure"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {t('moreActions')}
      </button>
      <div id={id} class="more-body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
