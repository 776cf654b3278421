/**
 * What a held keystroke, input or paste meant for the password field, kept until the page's
 * verdict: text to insert, a deletion, or the Enter that would have submitted the form. Pure
 * except `applyOp`, which replays one into the field the way the browser would have done it.
 *
 * | event                                                  | op                  |
 * |--------------------------------------------------------|---------------------|
 * | keydown of one character (no Ctrl/⌘; AltGr counts)     | insert that text    |
 * | keydown Backspace / Delete                             | back / forward      |
 * | keydown Enter                                          | submit              |
 * | any other keydown (Tab, arrows, shortcuts), composing  | null: left alone    |
 * | beforeinput insertText / …FromPaste / …FromDrop / …    | insert its data     |
 * | beforeinput deleteContentBackward / deleteWordBackward…| back                |
 * | beforeinput delete…Forward                             | forward             |
 */
export type HeldOp = { kind: 'insert'; text: string } | { kind: 'back' } | { kind: 'forward' } | { kind: 'submit' };

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing'>;

export function keyOp(e: KeyLike): HeldOp | null {
  if (e.isComposing) return null;
  if (e.key === 'Enter') return { kind: 'submit' };
  if (e.key === 'Backspace') return { kind: 'back' };
  if (e.key === 'Delete') return { kind: 'forward' };
  // One character (a surrogate pair counts once). Ctrl alone or ⌘ is a shortcut (paste arrives
  // as its own event); Ctrl+Alt is AltGr on Windows, which types characters.
  const shortcut = e.metaKey || (e.ctrlKey && !e.altKey);
  return [...e.key].length === 1 && !shortcut ? { kind: 'insert', text: e.key } : null;
}

export function inputOp(inputType: string, data: string | null): HeldOp | null {
  if (inputType.startsWith('insert')) return data ? { kind: 'insert', text: data } : null;
  if (inputType.startsWith('delete')) return inputType.endsWith('Forward') ? { kind: 'forward' } : { kind: 'back' };
  return null;
}

/** Replays one op into `field` at its selection, with the input event frameworks listen for. */
export function applyOp(field: HTMLInputElement, op: Exclude<HeldOp, { kind: 'submit' }>): void {
  const len = field.value.length;
  const start = field.selectionStart ?? len;
  const end = field.selectionEnd ?? len;
  if (op.kind === 'insert') field.setRangeText(op.text, start, end, 'end');
  else if (start !== end) field.setRangeText('', start, end, 'end');
  else if (op.kind === 'back' && start > 0) field.setRangeText('', start - 1, start, 'end');
  else if (op.kind === 'forward' && start < len) field.setRangeText('', start, start + 1, 'end');
  else return;
  const inputType =
    op.kind === 'insert' ? 'insertText' : op.kind === 'back' ? 'deleteContentBackward' : 'deleteContentForward';
  const win = field.ownerDocument.defaultView;
  const Input = win?.InputEvent ?? InputEvent;
  field.dispatchEvent(
    new Input('input', { bubbles: true, composed: true, inputType, data: op.kind === 'insert' ? op.text : null }),
  );
}

/**
 * The implicit submission Enter in `field` would have made (HTML, "implicit submission"): a
 * click on the form's default button when it has one, else the form's submit.
 */
export function submitFrom(field: HTMLInputElement): void {
  const form = field.form;
  if (!form || !form.isConnected) return;
  const button = [...form.elements].find(
    (el) =>
      (el instanceof HTMLButtonElement || el instanceof HTMLInputElement) &&
      (el.type === 'submit' || el.type === 'image'),
  );
  if (button) {
    if (!(button as HTMLButtonElement).disabled) (button as HTMLElement).click();
    return;
  }
  form.requestSubmit();
}
