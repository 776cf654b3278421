import type { ComponentChildren } from 'preact';

export interface ButtonProps {
  onClick?: () => void;
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  type?: 'button' | 'submit';
  disabled?: boolean;
  busy?: boolean;
  children: ComponentChildren;
}

/** A real <button> (keyboard and screen readers for free); `busy` disables and says so. */
export function Button({ onClick, variant = 'secondary', type = 'button', disabled, busy, children }: ButtonProps) {
  return (
    <button
      type={type}
      class={`btn btn-${variant}`}
      onClick={onClick}
      disabled={disabled || busy}
      aria-busy={busy ? 'true' : undefined}
    >
      {children}
    </button>
  );
}
