// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ConfirmDialog, shortUrl } from '@/src/content/overlay/confirm-dialog';
import { OverlayHost } from '@/src/content/overlay/overlay-host';
import type { LinkInfo } from '@/src/shared/messaging/protocol';

const blockInfo: LinkInfo = {
  status: 'verdict',
  action: 'block',
  band: 'malicious',
  riskScore: 95,
  categories: ['phishing'],
  reasoning: '<i>x</i>',
};

describe('ConfirmDialog', () => {
  let overlay: OverlayHost;
  let dialog: ConfirmDialog;

  beforeEach(() => {
    fakeBrowser.reset();
    document.body.replaceChildren();
    overlay = new OverlayHost(document);
    dialog = new ConfirmDialog(overlay, async () => null);
  });

  const buttons = () => [...(dialog.element?.querySelectorAll('button') ?? [])].map((b) => b.textContent);

  it('offers Go back and Open anyway when policy allows proceeding', () => {
    void dialog.open({
      url: 'https://evil.test/',
      info: { ...blockInfo, canProceed: true },
      proceed: async () => null,
    });
    expect(buttons()).toEqual(['Report a mistake', 'Open anyway', 'Go back']);
    expect(dialog.element!.textContent).toContain('https://evil.test/');
    expect(dialog.element!.textContent).toContain('<i>x</i>');
    expect(dialog.element!.querySelector('i')).toBeNull();
  });

  it.each([
    ['canProceed false', false],
    ['canProceed missing (safe default)', undefined],
  ])('has no Open anyway when %s', (_n, canProceed) => {
    void dialog.open({ url: 'https://evil.test/', info: { ...blockInfo, canProceed }, proceed: async () => null });
    expect(buttons()).toEqual(['Report a mistake', 'Go back']);
    expect(dialog.element!.textContent).toContain('Your organization does not allow opening this link.');
  });

  it('says why the link was flagged and offers "Report a mistake", a button keyboard users reach (docs/decisions/017-surfaces.md)', async () => {
    const report = vi.fn(async () => null);
    dialog = new ConfirmDialog(overlay, report);
    const result = dialog.open({
      url: 'https://evil.test/a',
      info: { ...blockInfo, why: { key: 'user_blocklist', nums: [] } },
      proceed: async () => null,
    });
    expect(dialog.element!.textContent).toContain('Why this decision: On your blocklist');
    const button = dialog.element!.querySelector<HTMLButtonElement>('button.report')!;
    expect(button.type).toBe('button'); // a real button: in the tab order, Enter and Space press it
    button.click();
    // The link stays unopened: the dialog closes as "Go back" does.
    await expect(result).resolves.toBe(false);
    expect(report).toHaveBeenCalledWith('https://evil.test/a');
  });

  it('"Report a mistake" refused: the dialog stays and says so', async () => {
    dialog = new ConfirmDialog(overlay, async () => 'The report page could not be opened. Try again later.');
    void dialog.open({ url: 'https://evil.test/', info: blockInfo, proceed: async () => null });
    dialog.element!.querySelector<HTMLButtonElement>('button.report')!.click();
    await vi.waitFor(() => expect(dialog.element!.querySelector<HTMLElement>('[role=alert]')!.hidden).toBe(false));
    expect(dialog.element!.querySelector('[role=alert]')!.textContent).toBe(
      'The report page could not be opened. Try again later.',
    );
    expect(dialog.isOpen).toBe(true);
  });

  it('Go back resolves false and removes the dialog', async () => {
    const result = dialog.open({
      url: 'https://evil.test/',
      info: { ...blockInfo, canProceed: true },
      proceed: async () => null,
    });
    dialog.element!.querySelector<HTMLButtonElement>('.back')!.click();
    await expect(result).resolves.toBe(false);
    expect(dialog.isOpen).toBe(false);
    expect(overlay.root.querySelector('dialog')).toBeNull();
  });

  it('Open anyway asks first and resolves true when granted', async () => {
    const proceed = vi.fn(async () => null);
    const result = dialog.open({ url: 'https://evil.test/', info: { ...blockInfo, canProceed: true }, proceed });
    dialog.element!.querySelector<HTMLButtonElement>('.open')!.click();
    await expect(result).resolves.toBe(true);
    expect(proceed).toHaveBeenCalledOnce();
  });

  it('stays open and shows the problem when the pass is refused', async () => {
    const result = dialog.open({
      url: 'https://evil.test/',
      info: { ...blockInfo, canProceed: true },
      proceed: async () => 'Not allowed by policy',
    });
    dialog.element!.querySelector<HTMLButtonElement>('.open')!.click();
    await vi.waitFor(() => expect(dialog.element!.querySelector('.error')!.hasAttribute('hidden')).toBe(false));
    expect(dialog.element!.querySelector('.error')!.textContent).toBe('Could not open the link: Not allowed by policy');
    expect(dialog.isOpen).toBe(true);
    dialog.close(false);
    await expect(result).resolves.toBe(false);
  });

  it('Escape goes back', async () => {
    const result = dialog.open({ url: 'https://evil.test/', info: blockInfo, proceed: async () => null });
    dialog.element!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await expect(result).resolves.toBe(false);
  });

  it('shows a URL with credentials without them, as the blocked page does', () => {
    void dialog.open({
      url: 'https://user:s3cret@www.bank.test@evil.test/login',
      info: { ...blockInfo, canProceed: true },
      proceed: async () => null,
    });
    const shown = dialog.element!.querySelector('.url')!.textContent;
    expect(shown).toBe('https://evil.test/login');
    expect(dialog.element!.textContent).not.toContain('s3cret');
    expect(dialog.element!.textContent).not.toContain('www.bank.test@');
  });

  it('focuses Go back first', () => {
    void dialog.open({
      url: 'https://evil.test/',
      info: { ...blockInfo, canProceed: true },
      proceed: async () => null,
    });
    expect(overlay.root.activeElement?.textContent).toBe('Go back');
  });

  it('shortens very long URLs but keeps both ends', () => {
    const long = `https://evil.test/${'a'.repeat(500)}END`;
    const s = shortUrl(long);
    expect(s.length).toBe(300);
    expect(s.startsWith('https://evil.test/')).toBe(true);
    expect(s.endsWith('END')).toBe(true);
  });
});
