/**
 * The hold guard: while the top page's verdict is pending, its password fields do not take what
 * is typed and its form submissions wait (shared/policy/pending-hold.ts decides, in the
 * background; this file follows the answer).
 *
 * Registered at document_start, so its capture listeners on `window` run before any the page can
 * add: a keystroke, input, paste or drop aimed at a password field stops there (the page's own
 * listeners never see it, and the field's value stays as it was), and what it meant is kept here
 * (ops.ts). A submit event of any form stops there too. Once the page is known to be safe, what
 * was held is replayed into the fields and the forms are submitted again, so the person loses
 * nothing; when the verdict blocks, it is dropped, and the blocked page takes over the tab.
 *
 * Nothing touches the extension until a password field or a form is used: a page nobody signs in
 * to pays for a few listeners. The first such use asks (`page.hold`); a page known safe answers
 * 'go' at once, and every listener goes. While the answer is 'wait', the guard asks again with
 * `wait`, which the background answers when the check settles.
 *
 * If the extension stops answering (it was updated or removed) the hold ends and the page works
 * as it would without Linklens: holding what the person typed for an answer that cannot come
 * would only lose it.
 */
import type { PendingHold } from '@/src/shared/policy/pending-hold';
import { applyOp, inputOp, keyOp, submitFrom, type HeldOp } from './ops';
import { HoldNote } from './note';

/** Unanswered asks in a row after which the hold ends (see above), and the wait between them. */
const MAX_FAILURES = 3;
const RETRY_MS = 500;

export interface HoldDeps {
  win: Window;
  /** `page.hold`; null when the background did not answer. */
  ask: (wait: boolean) => Promise<PendingHold | null>;
  /** The note's text: under a password field ('password'), or under a held form's button ('form'). */
  text: (under: 'password' | 'form') => string;
  /** False once the extension is gone. */
  alive: () => boolean;
  /**
   * The person's typing reached a password field through the replay: the page's own listeners
   * (and the content script's `password.typed` watcher) saw only the replayed, untrusted events,
   * so the guard says it ("You were there" advises a new password if the site turns bad later).
   */
  typedPassword: () => void;
}

type State = 'unknown' | 'wait' | 'go' | 'stop';

const isPassword = (t: EventTarget | null | undefined): t is HTMLInputElement =>
  !!t && (t as Element).localName === 'input' && (t as HTMLInputElement).type === 'password';
const isForm = (t: EventTarget | null): t is HTMLFormElement => !!t && (t as Element).localName === 'form';

export function startHold(deps: HoldDeps): { readonly state: State; end(): void } {
  const { win } = deps;
  const doc = win.document;
  const controller = new AbortController();
  const note = new HoldNote(doc);
  const ops = new Map<HTMLInputElement, HeldOp[]>();
  const submits = new Map<HTMLFormElement, HTMLElement | null>();
  let state: State = 'unknown';
  let asking = false;
  let failures = 0;

  const passwordOf = (e: Event) => {
    const t = e.composedPath()[0] ?? e.target;
    return isPassword(t) ? t : null;
  };

  function noteAt(el: HTMLElement | null): void {
    if (state === 'wait' && el) note.show(el, deps.text(isPassword(el) ? 'password' : 'form'));
  }
  function touched(el: HTMLElement | null): void {
    noteAt(el);
    if (state === 'unknown' && !asking) void ask(false);
  }
  function keep(field: HTMLInputElement, op: HeldOp): void {
    if (state === 'stop') return;
    const list = ops.get(field) ?? [];
    list.push(op);
    ops.set(field, list);
  }

  /** One question at a time: `asking` stays set until the answer is acted on (a retry included). */
  async function ask(wait: boolean): Promise<void> {
    asking = true;
    const answer = await deps.ask(wait).catch(() => null);
    if (state === 'go' || state === 'stop') return;
    if (answer === null) {
      failures += 1;
      if (!deps.alive() || failures >= MAX_FAILURES) release();
      else win.setTimeout(() => void ask(true), RETRY_MS);
      return;
    }
    asking = false;
    failures = 0;
    if (answer === 'go') release();
    else if (answer === 'stop') stop();
    else {
      state = 'wait';
      const active = doc.activeElement;
      noteAt(isPassword(active) ? active : ([...submits.values()][0] ?? [...submits.keys()][0] ?? null));
      void ask(true);
    }
  }

  /** Safe (or nothing to wait for): every listener goes, and what was held is replayed. */
  function release(): void {
    state = 'go';
    controller.abort();
    note.remove();
    if ([...ops.values()].some((list) => list.some((op) => op.kind === 'insert'))) deps.typedPassword();
    for (const [field, list] of ops) {
      for (const op of list) {
        try {
          if (op.kind === 'submit') submitFrom(field);
          else applyOp(field, op);
        } catch {
          // A field the page removed or changed: the rest is still replayed.
        }
      }
    }
    ops.clear();
    for (const [form, submitter] of submits) {
      if (!form.isConnected) continue;
      try {
        form.requestSubmit(submitter);
      } catch {
        // The submitter is no longer this form's submit button: submit without it.
        form.requestSubmit();
      }
    }
    submits.clear();
  }

  /** Bad: nothing held is ever given to the page; the guard keeps holding until the tab moves on. */
  function stop(): void {
    state = 'stop';
    ops.clear();
    submits.clear();
  }

  const on = (type: string, fn: (e: Event) => void) =>
    win.addEventListener(type, fn, { capture: true, signal: controller.signal });

  on('focusin', (e) => {
    const field = passwordOf(e);
    if (field) touched(field);
  });
  on('keydown', (e) => {
    const field = passwordOf(e);
    if (!field) return;
    e.stopImmediatePropagation();
    const op = keyOp(e as KeyboardEvent);
    if (op) {
      e.preventDefault();
      keep(field, op);
    }
    touched(field);
  });
  // What else carries the keys or the text: nobody of the page hears it while held.
  for (const type of ['keypress', 'keyup', 'input', 'compositionupdate', 'compositionend']) {
    on(type, (e) => {
      if (passwordOf(e)) e.stopImmediatePropagation();
    });
  }
  on('beforeinput', (e) => {
    const field = passwordOf(e);
    if (!field) return;
    e.stopImmediatePropagation();
    if (!e.cancelable) return;
    e.preventDefault();
    const ie = e as InputEvent;
    const op = inputOp(ie.inputType, ie.data);
    if (op) keep(field, op);
    touched(field);
  });
  for (const type of ['paste', 'drop']) {
    on(type, (e) => {
      const field = passwordOf(e);
      if (!field) return;
      e.stopImmediatePropagation();
      e.preventDefault();
      const data = (e as ClipboardEvent).clipboardData ?? (e as DragEvent).dataTransfer;
      const text = data?.getData('text/plain') ?? '';
      if (text) keep(field, { kind: 'insert', text });
      touched(field);
    });
  }
  on('submit', (e) => {
    const form = e.composedPath()[0] ?? e.target;
    if (!isForm(form)) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    const submitter = (e as SubmitEvent).submitter ?? null;
    if (state !== 'stop') submits.set(form, submitter);
    touched(submitter ?? form);
  });

  return {
    get state() {
      return state;
    },
    /** Removes every listener and the note (tests; the guard otherwise lives with its page). */
    end() {
      controller.abort();
      note.remove();
    },
  };
}
