/** Example table for ops.ts keyOp and inputOp, tested in test/unit/content/hold-ops.test.ts. */
import type { HeldOp } from './ops';

type Key = { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean; isComposing?: boolean };

export const KEY_OP_EXAMPLES: readonly { name: string; key: Key; op: HeldOp | null }[] = [
  { name: 'a letter is text', key: { key: 'a' }, op: { kind: 'insert', text: 'a' } },
  { name: 'a space is text', key: { key: ' ' }, op: { kind: 'insert', text: ' ' } },
  { name: 'a character outside the BMP counts once', key: { key: '😀' }, op: { kind: 'insert', text: '😀' } },
  {
    name: 'AltGr (Ctrl+Alt on Windows) types a character',
    key: { key: '@', ctrlKey: true, altKey: true },
    op: { kind: 'insert', text: '@' },
  },
  { name: 'Backspace', key: { key: 'Backspace' }, op: { kind: 'back' } },
  { name: 'Delete', key: { key: 'Delete' }, op: { kind: 'forward' } },
  { name: 'Enter submits', key: { key: 'Enter' }, op: { kind: 'submit' } },
  { name: 'Ctrl+V is a shortcut (the paste comes as its own event)', key: { key: 'v', ctrlKey: true }, op: null },
  { name: '⌘A is a shortcut', key: { key: 'a', metaKey: true }, op: null },
  { name: 'Tab moves on', key: { key: 'Tab' }, op: null },
  { name: 'an arrow moves the caret', key: { key: 'ArrowLeft' }, op: null },
  { name: 'a key during composition is left to the composition', key: { key: 'a', isComposing: true }, op: null },
];

export const INPUT_OP_EXAMPLES: readonly { name: string; inputType: string; data: string | null; op: HeldOp | null }[] =
  [
    { name: 'typed text', inputType: 'insertText', data: 'x', op: { kind: 'insert', text: 'x' } },
    { name: 'pasted text', inputType: 'insertFromPaste', data: 'pw', op: { kind: 'insert', text: 'pw' } },
    { name: 'an insertion without data is nothing', inputType: 'insertText', data: null, op: null },
    { name: 'Backspace', inputType: 'deleteContentBackward', data: null, op: { kind: 'back' } },
    { name: 'a word backwards', inputType: 'deleteWordBackward', data: null, op: { kind: 'back' } },
    { name: 'Delete', inputType: 'deleteContentForward', data: null, op: { kind: 'forward' } },
    { name: 'undo is not replayed', inputType: 'historyUndo', data: null, op: null },
  ];
