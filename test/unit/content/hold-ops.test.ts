// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyOp, inputOp, keyOp } from '@/src/content/hold/ops';
import { INPUT_OP_EXAMPLES, KEY_OP_EXAMPLES } from '@/src/content/hold/ops.examples';

describe('held ops (ops.examples.ts)', () => {
  it.each(KEY_OP_EXAMPLES)('key: $name', ({ key, op }) => {
    expect(keyOp({ ctrlKey: false, metaKey: false, altKey: false, isComposing: false, ...key })).toEqual(op);
  });
  it.each(INPUT_OP_EXAMPLES)('input: $name', ({ inputType, data, op }) => {
    expect(inputOp(inputType, data)).toEqual(op);
  });

  it('replays at the selection, as the browser would have, with an input event each', () => {
    const field = Object.assign(document.createElement('input'), { type: 'password' });
    document.body.append(field);
    const heard: string[] = [];
    field.addEventListener('input', (e) => heard.push((e as InputEvent).inputType));
    for (const op of [{ kind: 'insert', text: 'abd' }, { kind: 'back' }, { kind: 'insert', text: 'c' }] as const)
      applyOp(field, op);
    expect(field.value).toBe('abc');
    field.setSelectionRange(0, 0);
    applyOp(field, { kind: 'forward' });
    expect(field.value).toBe('bc');
    field.setSelectionRange(0, 0);
    applyOp(field, { kind: 'back' }); // nothing before the caret: nothing happens, no event
    expect(field.value).toBe('bc');
    expect(heard).toEqual(['insertText', 'deleteContentBackward', 'insertText', 'deleteContentForward']);
  });
});
