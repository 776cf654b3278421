/**
 * The sign-in guard (docs/decisions/016-organizations.md): on a page whose host looks like one of the organization's
 * sign-in pages, a warning at load and the moment a password field is focused, before the
 * person types. Top-level pages only: in a frame it does nothing at all, so a page embedding
 * frames at guessed hosts learns nothing from them (background/signin/check.ts answers no frame
 * either). Registered by the background only while the policy lists
 * `protectedSignInDomains` (background/signin/guard-registration.ts), so it may ask at load.
 *
 * It decides nothing from the page: it sends `signin.check` and the background judges the
 * sender's own URL (background/signin/check.ts). What it sends, per document:
 * | moment                                  | message                                       |
 * |-----------------------------------------|-----------------------------------------------|
 * | start                                   | signin.check load                             |
 * | first password-field focus              | signin.check password-focus (the background   |
 * |                                         | reports it; asked again after a failed reply, |
 * |                                         | at most MAX_PASSWORD_ASKS times in all)        |
 * | later password-field focus              | nothing: the known answer shows at once       |
 *
 * The warning compares the page's host with the real one, the differing letters marked, and
 * offers the real sign-in page (its root, https). Dismissing (Escape or the button) hides it; focusing a password field brings the
 * password warning back once more, unless that is what the person dismissed.
 */
import type { ContentToBackground, Reply, SignInCheckData } from '@/src/shared/messaging/protocol';
import { parseSignInCheck } from '@/src/shared/messaging/content-schemas';
import { SignInBanner, type BannerText } from './banner';

/** A page focusing its password field in a loop after failed replies asks this often at most. */
export const MAX_PASSWORD_ASKS = 3;

export type WarningKind = 'load' | 'password';

export interface GuardDeps {
  win: Window;
  doc: Document;
  isTop: boolean;
  signal: AbortSignal;
  send: (m: ContentToBackground) => Promise<Reply<unknown>>;
  /** The warning's texts for a kind, naming the protected host, comparing the page's own host, with the organization's message. */
  text: (kind: WarningKind, protectedHost: string, pageHost: string, orgMessage?: string) => BannerText;
  /** Opens a URL in this page's place (default: location.assign). */
  navigate?: (url: string) => void;
  /** Events from the person (default `isTrusted`; tests dispatch their own). */
  trusted?: (e: Event) => boolean;
}

function isPasswordField(target: EventTarget | null | undefined): boolean {
  const el = target as HTMLInputElement | null | undefined;
  return !!el && el.localName === 'input' && typeof el.type === 'string' && el.type.toLowerCase() === 'password';
}

export function startSignInGuard(d: GuardDeps) {
  if (!d.isTop) return null;
  const trusted = d.trusted ?? ((e: Event) => e.isTrusted);
  let known: SignInCheckData | null = null;
  let showing: WarningKind | null = null;
  let passwordDismissed = false;
  let passwordAsks = 0;
  let passwordAnswered = false;
  let passwordAsking = false;
  const navigate = d.navigate ?? ((url: string) => d.win.location.assign(url));
  const banner = new SignInBanner(
    d.doc,
    () => {
      if (showing === 'password') passwordDismissed = true;
      showing = null;
    },
    // The protected host as the background named it (the page's word plays no part): its root.
    (host) => navigate(`https://${host}/`),
  );

  async function ask(trigger: 'load' | 'password-focus'): Promise<SignInCheckData | null> {
    const reply = await d.send({ type: 'signin.check', trigger });
    const answer = reply.ok ? parseSignInCheck(reply.data) : null;
    // A malformed or failed reply leaves what was known: no warning is invented, none withdrawn.
    if (answer) known = answer;
    return answer;
  }

  function show(kind: WarningKind): void {
    if (d.signal.aborted || !known?.warn) return;
    if (kind === 'password' && passwordDismissed) return;
    // Shown already (the password warning says more than the load one): only put it back in
    // case the page removed our overlay host in the meantime.
    if (showing === 'password' || (kind === 'load' && showing !== null)) return banner.ensure();
    showing = kind;
    banner.show(d.text(kind, known.protectedHost, d.win.location.hostname, known.message));
  }

  function passwordFocused(): void {
    show('password');
    // One question at a time: a page focusing in a loop meets the one in flight.
    if (passwordAsking || passwordAnswered || passwordAsks >= MAX_PASSWORD_ASKS) return;
    passwordAsks++;
    passwordAsking = true;
    void ask('password-focus').then((a) => {
      passwordAsking = false;
      if (!a) return;
      passwordAnswered = true;
      if (a.warn) show('password');
    });
  }

  const opts = { capture: true, passive: true, signal: d.signal };
  d.win.addEventListener(
    'focusin',
    (e) => {
      if (banner.isOurs(e.target) || !trusted(e)) return;
      // The field itself, also inside an open shadow root.
      if (isPasswordField(e.composedPath()[0] ?? e.target)) passwordFocused();
    },
    opts,
  );
  // The person's Escape only: a look-alike page dispatching its own must not dismiss the warning.
  d.win.addEventListener('keydown', (e) => e.key === 'Escape' && trusted(e) && banner.escape(), opts);
  d.signal.addEventListener('abort', () => banner.destroy(), { once: true });

  if (d.isTop) void ask('load').then((a) => a?.warn && show('load'));
  // A field the page focused before we started (autofocus) gets no focus event from now on.
  if (isPasswordField(d.doc.activeElement)) passwordFocused();

  return { banner, showing: () => showing };
}
