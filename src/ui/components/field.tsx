/**
 * Labelled inputs. Every input has a visible <label for>; a locked field (managed policy) is
 * disabled and says "Set by your organization" (docs/decisions/017-surfaces.md).
 */
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { LockedNote } from './locked-note';

interface Base {
  label: string;
  locked?: boolean;
  hint?: string;
}

function Wrap({
  id,
  label,
  locked,
  hint,
  children,
  inline,
}: Base & { id: string; children: ComponentChildren; inline?: boolean }) {
  return (
    <div class={inline ? 'field field-inline' : 'field'}>
      {inline ? children : null}
      <label for={id}>{label}</label>
      {inline ? null : children}
      {hint ? (
        <small class="hint" id={`${id}-hint`}>
          {hint}
        </small>
      ) : null}
      {locked ? <LockedNote id={`${id}-locked`} /> : null}
    </div>
  );
}

const describedBy = (id: string, hint?: string, locked?: boolean) =>
  [hint ? `${id}-hint` : '', locked ? `${id}-locked` : ''].filter(Boolean).join(' ') || undefined;

export function TextField(
  props: Base & {
    value: string;
    onInput: (v: string) => void;
    type?: 'text' | 'password' | 'url';
    placeholder?: string;
    autoComplete?: string;
  },
) {
  const id = useId();
  return (
    <Wrap id={id} {...props}>
      <input
        id={id}
        // Preact 11 types each input type separately; the union of three is fine at runtime.
        type={(props.type ?? 'text') as 'text'}
        value={props.value}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete ?? 'off'}
        spellcheck={false}
        disabled={props.locked}
        aria-describedby={describedBy(id, props.hint, props.locked)}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </Wrap>
  );
}

/** Commits on change (blur/enter), not on every keystroke, so a half-typed number is not saved. */
export function NumberField(
  props: Base & { value: number; min?: number; max?: number; step?: number | 'any'; onChange: (v: number) => void },
) {
  const id = useId();
  return (
    <Wrap id={id} {...props}>
      <input
        id={id}
        type="number"
        value={String(props.value)}
        min={props.min}
        max={props.max}
        step={props.step ?? 1}
        disabled={props.locked}
        aria-describedby={describedBy(id, props.hint, props.locked)}
        onChange={(e) => {
          const n = Number(e.currentTarget.value);
          if (e.currentTarget.value !== '' && Number.isFinite(n)) props.onChange(n);
        }}
      />
    </Wrap>
  );
}

export function CheckField(props: Base & { checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <Wrap id={id} inline {...props}>
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        disabled={props.locked}
        aria-describedby={describedBy(id, props.hint, props.locked)}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
    </Wrap>
  );
}

export function SelectField(
  props: Base & { value: string; options: { value: string; label: string }[]; onChange: (v: string) => void },
) {
  const id = useId();
  return (
    <Wrap id={id} {...props}>
      <select
        id={id}
        value={props.value}
        disabled={props.locked}
        aria-describedby={describedBy(id, props.hint, props.locked)}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Wrap>
  );
}
