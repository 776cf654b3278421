import type { ComponentChildren } from 'preact';

/**
 * A status line. Errors use role=alert, the rest role=status, and every kind carries a text
 * prefix icon so the meaning never depends on colour alone.
 */
export function Notice({ kind, children }: { kind: 'ok' | 'error' | 'warn' | 'info'; children: ComponentChildren }) {
  const icon = { ok: '✓', error: '✕', warn: '!', info: 'i' }[kind];
  return (
    <div class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <span class="notice-icon" aria-hidden="true">
        {icon}
      </span>
      <div class="notice-body">{children}</div>
    </div>
  );
}
