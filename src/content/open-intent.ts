/**
 * How the person meant to open a link, from the activating event and the link's `target`; used
 * to intercept the activation of a block-level link and, after "Open anyway", to open it the
 * same way. Returns null for events that do not open the link (right button, other keys).
 *
 * | event            | button / key | modifiers         | target           | intent    |
 * |------------------|--------------|-------------------|------------------|-----------|
 * | click            | 0            | none / alt        | '' / _self       | 'same'    |
 * | click            | 0            | none              | _blank / 'name'  | 'new-tab' |
 * | click            | 0            | none              | _top / _parent   | 'top' / 'parent' |
 * | click            | 0            | ctrl / meta / shift | any            | 'new-tab' |
 * | click            | 1, 2         | any               | any              | null (auxclick handles 1) |
 * | auxclick         | 1 (middle)   | any               | any              | 'new-tab' |
 * | auxclick         | 2 (right)    | any               | any              | null      |
 * | keydown          | Enter        | none              | '' / _self       | 'same'    |
 * | keydown          | Enter        | ctrl / meta / shift | any            | 'new-tab' |
 * | keydown          | Space, 'a'…  | any               | any              | null      |
 * | keydown (IME)    | Enter        | isComposing       | any              | null      |
 *
 * Alt+click downloads the target in Chromium: intercepted like a plain click (a download of a
 * block-level URL is exactly what the confirmation is for).
 */
export type OpenIntent = 'same' | 'new-tab' | 'top' | 'parent';

export interface ActivationLike {
  type: string;
  button?: number;
  key?: string;
  isComposing?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  /** Ignored on purpose: alt+click is intercepted like a plain click (see the table). */
  altKey?: boolean;
}

export function openIntent(ev: ActivationLike, target: string): OpenIntent | null {
  if (ev.type === 'click') {
    if ((ev.button ?? 0) !== 0) return null;
  } else if (ev.type === 'auxclick') {
    return ev.button === 1 ? 'new-tab' : null;
  } else if (ev.type === 'keydown') {
    if (ev.key !== 'Enter' || ev.isComposing) return null;
  } else return null;
  if (ev.ctrlKey || ev.metaKey || ev.shiftKey) return 'new-tab';
  const tgt = target.trim().toLowerCase();
  if (tgt === '' || tgt === '_self') return 'same';
  if (tgt === '_top') return 'top';
  if (tgt === '_parent') return 'parent';
  return 'new-tab';
}

/** Opens `url` as intended. Page-independent: uses only the window's own navigation APIs. */
export function openUrl(win: Window, url: string, intent: OpenIntent): void {
  switch (intent) {
    case 'same':
      win.location.assign(url);
      return;
    case 'top':
      win.open(url, '_top');
      return;
    case 'parent':
      win.open(url, '_parent');
      return;
    case 'new-tab':
      // noopener: the flagged page must get no handle on this one (brief: "window.open with noopener").
      win.open(url, '_blank', 'noopener');
      return;
  }
}
