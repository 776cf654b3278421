// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BlockedApp } from '@/src/ui/blocked/blocked-app';
import type { BlockedDetailsData } from '@/src/shared/messaging/protocol';
import { answer, en, failReply, sent, setupUiTest } from './helpers';
import { blockedDetails } from './fixtures';
import { MAX_BACK_STEPS } from '@/src/shared/messaging/limits';
import { backPlan } from '@/src/ui/blocked/go-back';
import { BACK_PLAN_EXAMPLES } from '@/src/ui/blocked/go-back.examples';

setupUiTest();

function show(details: Partial<BlockedDetailsData> = {}, extra = {}) {
  const calls = answer({ 'blocked.details': () => blockedDetails(details), ...extra });
  render(<BlockedApp search="?t=tok_123" />);
  return calls;
}

describe('blocked page', () => {
  const headlines: [string[], string, string][] = [
    [['phishing'], 'band:malicious', 'Phishing site blocked'],
    [['malware', 'scam'], 'band:malicious', 'Malware site blocked'],
    [['scam'], 'band:high', 'Scam site blocked'],
    [[], 'blocklist', en('headline_blocklist')],
    [['something-new'], 'band:high', 'Dangerous site blocked'],
  ];
  for (const [categories, reason, headline] of headlines) {
    it(`headline for ${categories.join('+') || reason}: "${headline}"`, async () => {
      show({ categories, reason });
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(headline);
    });
  }

  it('shows the punycode URL with the Unicode host beside it, score, categories, reasoning, indicators, when', async () => {
    const calls = show();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText('https://xn--pypal-4ve.test/login')).toBeTruthy();
    expect(screen.getByText(`(${en('unicodeHost', 'pаypal.test')})`)).toBeTruthy();
    expect(screen.getByRole('img', { name: en('scoreAria', 91, 'Malicious') })).toBeTruthy();
    expect(screen.getByText('Phishing')).toBeTruthy();
    expect(screen.getByText('Lookalike domain of a payment brand.')).toBeTruthy();
    expect(screen.getByText('homoglyph host')).toBeTruthy();
    expect(screen.getByText(new Date(Date.UTC(2025, 0, 2, 3, 4, 5)).toLocaleString())).toBeTruthy();
    expect(sent(calls, 'blocked.details')).toEqual([{ type: 'blocked.details', token: 'tok_123' }]);
  });

  it('a bad hop of a redirect chain: names the link the person opened, then the hop, as text', async () => {
    show({ url: 'http://phish-bank.test/login', unicodeHost: null, firstUrl: 'http://safe-shop.test/go?<b>x</b>' });
    await screen.findByRole('heading', { level: 1 });
    const first = document.querySelector('.blocked-first-url')!;
    expect(first.textContent).toBe(`${en('blockedFirstUrl')}: http://safe-shop.test/go?<b>x</b>`);
    expect(first.querySelector('b')).toBeNull(); // text, never markup
    expect(document.querySelector('.blocked-url')!.textContent).toBe(
      `${en('blockedHop')}: http://phish-bank.test/login`,
    );
  });

  it('a destination read out of a wrapped link (docs/decisions/003-every-hop.md): "it leads to", not "it redirected to"', async () => {
    show({
      url: 'http://phish-bank.test/login',
      unicodeHost: null,
      firstUrl: 'https://nam12.safelinks.protection.outlook.com/?url=http%3A%2F%2Fphish-bank.test%2Flogin',
      readFromLink: true,
    });
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('.blocked-url')!.textContent).toBe(
      `${en('blockedLeadsTo')}: http://phish-bank.test/login`,
    );
  });

  it('no chain: only the blocked URL', async () => {
    show({ firstUrl: null });
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('.blocked-first-url')).toBeNull();
    expect(document.querySelector('.blocked-url')!.textContent).toContain(`${en('url')}: `);
  });

  it('no Unicode form when the host is plain ASCII', async () => {
    show({ url: 'https://evil.test/', unicodeHost: 'evil.test' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/shown as/)).toBeNull();
  });

  it('Go back is the primary, focused action', async () => {
    show();
    const back = await screen.findByRole('button', { name: en('goBack') });
    expect(back.className).toContain('btn-primary');
    await waitFor(() => expect(document.activeElement).toBe(back));
    expect(screen.getByRole('button', { name: en('proceedAnyway') }).className).not.toContain('btn-primary');
  });

  // Go back: the details' guess (made when the tab was redirected), the background's answer at
  // the click (from what the tab actually committed, blocked-flow.ts stepsBack) → history.go.
  const goBackRows: [string, number, unknown, number][] = [
    ['one step back when the blocked site never loaded', 1, undefined, -1],
    ['steps over the blocked site when it had loaded (it would only be blocked again)', 2, undefined, -2],
    ["follows the background's answer at the click over the details' guess", 1, { steps: 2 }, -2],
    ['over a second blocked page of the same navigation: the background says 3', 1, { steps: 3 }, -3],
    ["a nonsense answer: the details' guess", 1, { steps: -7 }, -1],
    ["an answer past MAX_BACK_STEPS: the details' guess", 2, { steps: MAX_BACK_STEPS + 1 }, -2],
  ];
  it.each(goBackRows)('Go back %s', async (_name, guess, answerAtClick, want) => {
    Object.defineProperty(history, 'length', { value: 9, configurable: true });
    const go = vi.spyOn(history, 'go').mockImplementation(() => undefined);
    const calls = show(
      { backSteps: guess },
      answerAtClick === undefined ? {} : { 'blocked.back': () => answerAtClick },
    );
    fireEvent.click(await screen.findByRole('button', { name: en('goBack') }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(want));
    expect(sent(calls, 'blocked.back')).toEqual([{ type: 'blocked.back', token: 'tok_123' }]);
    Object.defineProperty(history, 'length', { value: 1, configurable: true });
  });

  it('Go back without history opens the new-tab page in place of this tab', async () => {
    Object.defineProperty(history, 'length', { value: 1, configurable: true });
    (fakeBrowser.tabs as unknown as Record<string, unknown>).getCurrent = async () => ({
      id: 55,
      windowId: 3,
      index: 2,
    });
    const order: string[] = [];
    const create = vi
      .spyOn(fakeBrowser.tabs, 'create')
      .mockImplementation((async () => void order.push('create')) as never);
    const remove = vi
      .spyOn(fakeBrowser.tabs, 'remove')
      .mockImplementation((async () => void order.push('remove')) as never);
    show();
    fireEvent.click(await screen.findByRole('button', { name: en('goBack') }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(55));
    // No URL: the browser's own new-tab page, beside this tab, before this one closes.
    expect(create).toHaveBeenCalledWith({ active: true, windowId: 3, index: 3 });
    expect(order).toEqual(['create', 'remove']);
  });

  for (const ex of BACK_PLAN_EXAMPLES) {
    it(`backPlan: ${ex.name}`, () => expect(backPlan(ex.historyLength, ex.steps)).toEqual(ex.expected));
  }

  it('Proceed anyway says how long the exception lasts, asks the background and goes to the URL it returns', async () => {
    const replace = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace } as never);
    const calls = show({}, { 'blocked.proceed': () => ({ url: 'https://xn--pypal-4ve.test/login' }) });
    expect(await screen.findByText(en('proceedLifetimeSession'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en('proceedAnyway') }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://xn--pypal-4ve.test/login'));
    expect(sent(calls, 'blocked.proceed')).toEqual([{ type: 'blocked.proceed', token: 'tok_123' }]);
  });

  it('a lifetime other than the session is stated', async () => {
    show({ exceptionLifetime: '1 hour' });
    expect(await screen.findByText(en('proceedLifetime', '1 hour'))).toBeTruthy();
  });

  it('Proceed anyway is hidden when policy says so', async () => {
    show({ canProceed: false });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: en('proceedAnyway') })).toBeNull();
    expect(screen.queryByText(en('proceedLifetimeSession'))).toBeNull();
  });

  it('a proceed URL that is not http(s) is not followed', async () => {
    const replace = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, replace } as never);
    show({}, { 'blocked.proceed': () => ({ url: 'javascript:alert(1)' }) });
    fireEvent.click(await screen.findByRole('button', { name: en('proceedAnyway') }));
    expect(await screen.findByText(en('proceedFailed'))).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });

  it('Report a mistake links to the report URL; absent without one or when not http(s)', async () => {
    show();
    const link = (await screen.findByRole('link', { name: en('reportMistake') })) as HTMLAnchorElement;
    expect(link.href).toBe('https://report.example.com/fp?scan=scn_abc');
    expect(link.rel).toContain('noopener');
  });

  it('the report link also asks for a rescan and records the dispute', async () => {
    const calls = show({}, { 'verdict.dispute': () => ({ reportUrl: null, scanId: 'scn_abc', url: 'x' }) });
    const link = await screen.findByRole('link', { name: en('reportMistake') });
    // happy-dom would follow the link; the browser opens it in a new tab.
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    await waitFor(() =>
      expect(sent(calls, 'verdict.dispute')).toEqual([
        { type: 'verdict.dispute', url: 'https://xn--pypal-4ve.test/login', scanId: 'scn_abc' },
      ]),
    );
  });

  it('without a report URL, Report a mistake still works: an editable report with the scan id and URL', async () => {
    const calls = show(
      { reportUrl: null },
      { 'verdict.dispute': () => ({ reportUrl: null, scanId: 'scn_abc', url: 'https://xn--pypal-4ve.test/login' }) },
    );
    fireEvent.click(await screen.findByRole('button', { name: en('reportMistake') }));
    const box = (await screen.findByLabelText(en('disputeEditable'))) as HTMLTextAreaElement;
    expect(box.value).toContain('https://xn--pypal-4ve.test/login');
    expect(box.value).toContain('scn_abc');
    expect(screen.getByText(en('disputeRecorded'))).toBeTruthy();
    expect(sent(calls, 'verdict.dispute')).toHaveLength(1);
    fireEvent.input(box, { target: { value: box.value + 'This is my bank.' } });
    expect(box.value).toContain('This is my bank.');
  });

  it('no report link for a javascript: report URL', async () => {
    show({ reportUrl: 'javascript:alert(1)' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: en('reportMistake') })).toBeNull();
  });

  it('HTML in reasoning and indicators stays text', async () => {
    show({
      reasoning: '<img src=x onerror=alert(1)>Click <a href="https://x.test">here</a>',
      indicators: ['<script>alert(1)</script>'],
    });
    await screen.findByText('<img src=x onerror=alert(1)>Click <a href="https://x.test">here</a>');
    expect(screen.getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(document.querySelector('main img, main script, main a[href="https://x.test"]')).toBeNull();
  });

  for (const [name, search] of [
    ['missing', ''],
    ['malformed', '?t=<script>'],
    ['repeated', '?t=a&t=b'],
  ] as const) {
    it(`a ${name} token shows a safe generic explanation and asks nothing`, async () => {
      const calls = answer({ 'blocked.details': () => blockedDetails() });
      render(<BlockedApp search={search} />);
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(en('headline_generic'));
      expect(screen.getByText(en('blockedGenericBody'))).toBeTruthy();
      expect(screen.queryByRole('button', { name: en('proceedAnyway') })).toBeNull();
      expect(calls).toEqual([]);
    });
  }

  it('an expired token shows the generic page with the reason', async () => {
    answer({ 'blocked.details': () => failReply('not_found', 'Unknown or expired token') });
    render(<BlockedApp search="?t=old" />);
    expect(await screen.findByText(en('blockedGenericBody'))).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Unknown or expired token');
    expect(screen.queryByRole('button', { name: en('proceedAnyway') })).toBeNull();
  });
});

describe('blocked page in strict mode', () => {
  it('while pending it says it is checking, offers only Go back, and polls until the verdict', async () => {
    let n = 0;
    const calls = answer({
      'blocked.details': () =>
        ++n < 3
          ? blockedDetails({
              pending: true,
              canProceed: false,
              reason: 'strict:pending',
              riskScore: null,
              band: null,
              categories: [],
              reasoning: '',
              indicators: [],
              checkedAt: null,
            })
          : blockedDetails(),
    });
    render(<BlockedApp search="?t=tok_1" pollMs={5} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(en('headline_checking'));
    expect(screen.getByText(en('blockedCheckingBody'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: en('proceedAnyway') })).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Phishing site blocked'));
    expect(sent(calls, 'blocked.details').length).toBe(3);
  });

  it('released: no threat found, with a link to the page', async () => {
    answer({
      'blocked.details': () =>
        blockedDetails({
          reason: 'strict:released',
          categories: [],
          riskScore: null,
          band: null,
          url: 'https://fine.test/',
        }),
    });
    render(<BlockedApp search="?t=tok_1" pollMs={5} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(en('headline_released'));
    expect((screen.getByRole('link', { name: en('openPage') }) as HTMLAnchorElement).href).toBe('https://fine.test/');
  });

  const noVerdict = {
    categories: [],
    riskScore: null,
    band: null,
    reasoning: '',
    indicators: [],
    checkedAt: null,
    scanId: null,
  };
  const reasons: [string, string, string | null][] = [
    ['strict:key-rejected', 'strictWhy_key_rejected', 'openSettings'],
    ['strict:credits', 'strictWhy_credits', 'buyCredits'],
    ['strict:unreachable', 'strictWhy_unreachable', null],
    ['strict:timeout', 'strictWhy_timeout', null],
    ['strict:malformed', 'strictWhy_malformed', null],
    ['strict:not-configured', 'strictWhy_not_configured', 'openSettings'],
    ['strict:scan-failed', 'strictWhy_scan_failed', null],
    ['strict:refused', 'strictWhy_refused', null],
    ['strict:damaged', 'strictWhy_damaged', null],
  ];
  for (const [reason, key, fix] of reasons) {
    it(`blocked without a verdict (${reason}): says why in words${fix ? ' and where to fix it' : ''}`, async () => {
      answer({ 'blocked.details': () => blockedDetails({ ...noVerdict, reason }) });
      render(<BlockedApp search="?t=tok_1" pollMs={5} />);
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(en('headline_strict'));
      expect(screen.getByText(en(key))).toBeTruthy();
      // What happened is the banner's one sentence, as the browsers' own warning pages put it.
      expect(document.querySelector('.blocked-banner .blocked-reason')?.textContent).toBe(en(key));
      for (const k of ['openSettings', 'buyCredits'])
        expect(!!screen.queryByRole('button', { name: en(k) })).toBe(k === fix);
      expect(screen.getByRole('button', { name: en('goBack') })).toBeTruthy();
      // What Linklens does now; no empty sections ("Categories None", "Checked —", "Indicators None").
      expect(screen.getByText(en('strictWill'))).toBeTruthy();
      for (const k of ['none', 'categories', 'checkedAt', 'reasoning', 'indicators'])
        expect(screen.queryByText(en(k))).toBeNull();
      expect(document.body.textContent).not.toMatch(/—/);
      expect(document.querySelector('main')?.className).toContain('blocked-unchecked');
    });
  }

  it('a known danger: the red banner holds the headline and the reason in one sentence, "Go back" comes first', async () => {
    show();
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('main')?.className).toContain('blocked-danger');
    expect(h1.closest('.blocked-banner')?.querySelector('.blocked-reason')?.textContent).toBe(en('blockedIntro'));
    expect(screen.getAllByRole('button')[0]?.textContent).toBe(en('goBack'));
  });

  it('blocked while awaiting credits: says it keeps checking, asks again slowly, and shows the verdict when it arrives', async () => {
    let n = 0;
    const calls = answer({
      'blocked.details': () =>
        ++n < 3 ? blockedDetails({ ...noVerdict, reason: 'strict:credits', awaiting: true }) : blockedDetails(),
    });
    render(<BlockedApp search="?t=tok_1" pollMs={5} />);
    expect(await screen.findByText(en('strictAwaiting'))).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Phishing site blocked'));
    expect(sent(calls, 'blocked.details').length).toBe(3);
    await new Promise((r) => setTimeout(r, 60));
    expect(sent(calls, 'blocked.details').length).toBe(3); // settled: no more asking
  });
});

describe('blocked page: a look-alike of the organization’s sign-in page', () => {
  const lookalike = (over: Partial<BlockedDetailsData> = {}) =>
    show({
      url: 'https://login.examp1ecorp.test/signin',
      unicodeHost: null,
      riskScore: null,
      band: null,
      categories: [],
      reasoning: '',
      indicators: [],
      checkedAt: null,
      scanId: null,
      reason: 'lookalike',
      rule: { rule: 'lookalike', protectedHost: 'login.examplecorp.test', resemblance: 'confusable' },
      exceptionLifetime: 'once',
      ...over,
    });

  it('says in words which site it imitates, marks the differing letters, and links to the real sign-in page', async () => {
    lookalike();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(en('headline_lookalike'));
    expect(document.querySelector('.blocked-reason')!.textContent).toBe(
      en('blockedLookalikeReason', 'login.examplecorp.test'),
    );
    const here = document.querySelector('.lookalike-here')!;
    expect(here.textContent).toBe('login.examp1ecorp.test');
    expect([...here.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['1']);
    expect(document.querySelector('.lookalike-real')!.textContent).toBe('login.examplecorp.test');
    const go = screen.getByRole('link', { name: en('goRealSignIn') });
    expect(go.getAttribute('href')).toBe('https://login.examplecorp.test/');
    // "Proceed anyway" says it opens this page once, not the site for the session.
    expect(screen.getByText(en('proceedLifetimeOnce'))).toBeTruthy();
  });

  it('a protected host that is no plain host name gets no link (the token is never trusted as it is)', async () => {
    lookalike({
      rule: { rule: 'lookalike', protectedHost: 'evil.test/@login.examplecorp.test', resemblance: 'confusable' },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: en('goRealSignIn') })).toBeNull();
  });

  it('where the policy forbids proceeding, no way past it', async () => {
    lookalike({ canProceed: false });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: en('proceedAnyway') })).toBeNull();
  });
});
