// @vitest-environment happy-dom
// The organization's brand on the blocked page and in options (src/ui/components/brand.tsx):
// text stays text, the logo is an https image without referrer, the accent a checked colour.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/preact';
import { BlockedApp } from '@/src/ui/blocked/blocked-app';
import { BrandHeader } from '@/src/ui/components/brand';
import type { OrgSupportData } from '@/src/shared/messaging/protocol';
import { answer, en, setupUiTest } from './helpers';
import { blockedDetails } from './fixtures';

setupUiTest();

const ORG: OrgSupportData = {
  organizationName: 'Example Corp',
  supportUrl: '',
  supportContact: '',
  brandName: 'Example Corp',
  brandLogoUrl: 'https://intranet.example.com/logo.png',
  brandAccentColor: '#0b5fff',
  customWarningMessage: 'Call the <b>IT desk</b> on 1234 before you go on.',
};

describe('branding', () => {
  it('the blocked page shows the logo, the name as set by the organization, and the message as text', async () => {
    answer({ 'blocked.details': () => blockedDetails({}), 'org.support': () => ORG });
    render(<BlockedApp search="?t=tok_123" />);
    const img = (await screen.findByRole('img', { name: 'Example Corp' })) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(ORG.brandLogoUrl);
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.getByText(en('brandSetByOrg'))).toBeTruthy();
    const message = screen.getByText(ORG.customWarningMessage);
    expect(message.querySelector('b')).toBeNull();
    expect((img.parentElement as HTMLElement).getAttribute('data-accent')).toBe('#0b5fff');
  });

  it('a value that fails the checks never reaches an attribute; nothing set renders nothing', async () => {
    answer({
      'org.support': () => ({ ...ORG, brandLogoUrl: 'javascript:alert(1)', brandAccentColor: 'red;background:url(x)' }),
    });
    const { container } = render(<BrandHeader />);
    await screen.findByText('Example Corp');
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('red;');
  });
});
