// The no-oracle check of the organization's sign-in protection, shared by its warn and block
// modes (signin-lookalike.e2e, signin-block.e2e): a page embedding 100 frames at guessed hosts,
// half of which resemble the protected sign-in host (each would be warned about, or blocked, as
// a top-level page), must learn nothing from them: every frame loads and measures the very same
// document, and the organization hears of no frame's host.
import { expect } from 'vitest';
import type { JourneyDriver } from './driver';
import { htmlPage, type HtmlServer } from './html-server';
import { waitFor } from './wait-for';

/**
 * A frame the attacker's page embeds at a guessed host: a sign-in form whose password field it
 * focuses itself, a record of every change to its own document, and on request a snapshot of
 * everything it can measure (markup, element count, layout, changes seen). Not focus: the
 * browser gives it to one frame of its choosing (Firefox: the last to ask), whatever its host.
 */
const PROBE = htmlPage(
  'Probe',
  '<form><input type="email" id="email"><input type="password" id="pw" autofocus></form>',
  `<script>
    let changes = 0;
    new MutationObserver((r) => { changes += r.length; }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const snap = () => ({
      html: document.documentElement.outerHTML,
      elements: document.getElementsByTagName('*').length,
      size: [document.documentElement.scrollWidth, document.documentElement.scrollHeight, document.body.getBoundingClientRect().top],
      changes,
    });
    addEventListener('load', () => { document.getElementById('pw').focus(); parent.postMessage({ probe: 'ready', host: location.hostname }, '*'); });
    addEventListener('message', (e) => { if (e.data === 'snapshot') parent.postMessage({ probe: 'snapshot', host: location.hostname, snap: snap() }, '*'); });
  </script>`,
);

/** 50 guessed hosts that resemble `examplecorp` (each a look-alike as a top-level page) and 50 that do not. */
export const RESEMBLING = Array.from({ length: 50 }, (_, i) => {
  const name = 'examplecorp';
  const at = i % name.length;
  const forms = [
    name.slice(0, at) + name.slice(at + 1),
    name.slice(0, at) + name[at] + name.slice(at),
    name.slice(0, at) + 'q' + name.slice(at + 1),
  ];
  return `${['login.', 'sso.', 'www.', 'id.', ''][Math.floor(i / 11) % 5]}${forms[Math.floor(i / name.length) % 3]}.test`;
});
export const UNRELATED = Array.from({ length: 50 }, (_, i) => `login.unrelated${i}.test`);

export interface FramesCheck {
  driver: JourneyDriver;
  html: HtmlServer;
  /**
   * Opens a look-alike as a top-level page and waits until the organization heard of it: its
   * warning or blocked page shown and its event at the receiver. The queue delivers in order,
   * so by then any answer or event about the frames would have long arrived.
   */
  fence: () => Promise<void>;
  /** Every event the organization received that names one of `hosts`. */
  reportedAbout: (hosts: readonly string[]) => unknown[];
}

export async function framesLearnNothing({ driver, html, fence, reportedAbout }: FramesCheck): Promise<void> {
  html.set('/probe', PROBE);
  const guesses = [...new Set([...RESEMBLING, ...UNRELATED])];
  expect(guesses.length).toBe(100);
  html.set(
    '/guesses',
    htmlPage(
      'Guesses',
      guesses.map((g) => `<iframe src="${html.url(g, '/probe')}" width="300" height="120"></iframe>`).join(''),
      `<script>
        window.probes = { ready: [], snaps: {} };
        addEventListener('message', (e) => {
          if (e.data && e.data.probe === 'ready') window.probes.ready.push(e.data.host);
          if (e.data && e.data.probe === 'snapshot') window.probes.snaps[e.data.host] = e.data.snap;
        });
      </script>`,
    ),
  );
  const page = await driver.openWebPage(html.url('attacker.test', '/guesses'));
  type Probes = {
    ready: string[];
    snaps: Record<string, { html: string; elements: number; size: number[]; changes: number }>;
  };
  const probes = () => page.evaluate(() => (window as unknown as { probes: Probes }).probes);
  // Every frame loaded (none blocked, none held), resembling or not, and focused its password field.
  await waitFor(
    'every frame loaded and focused its password field',
    probes,
    (p) => new Set(p.ready).size === 100,
    60_000,
    250,
  );
  await fence();
  await page.evaluate(() => {
    for (const f of Array.from(document.querySelectorAll('iframe'))) f.contentWindow!.postMessage('snapshot', '*');
  });
  const snaps = (
    await waitFor('every frame’s snapshot', probes, (p) => Object.keys(p.snaps).length === 100, 30_000, 250)
  ).snaps;
  // Resembling or not, every frame measures the very same document: nothing added, nothing
  // moved, the same changes recorded (its own parsing).
  const distinct = new Set(Object.values(snaps).map((x) => JSON.stringify(x)));
  expect([...distinct].map((x) => JSON.parse(x) as unknown)).toEqual([
    expect.objectContaining({ html: expect.not.stringContaining('linklens') }),
  ]);
  expect(snaps[RESEMBLING[0]!]).toEqual(snaps[UNRELATED[0]!]);
  // Each guessed host's server got its frame's request, once: none stopped on the way.
  for (const g of guesses) expect(html.requests.filter((r) => r === `${g}/probe`)).toHaveLength(1);
  // The embedding page: nothing of ours either; the organization hears of no frame's host.
  expect(await page.evaluate(() => document.querySelectorAll('linklens-overlay').length)).toBe(0);
  expect(reportedAbout(guesses)).toEqual([]);
  await page.close();
}
