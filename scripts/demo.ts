/**
 * The `npm start` demo: Linklens doing its main job in a real Chromium against the bundled local
 * scanning service. It configures the extension through the options page as a person would
 * (labels "Service URL" and "API key", Save, Test connection), opens a demo page with safe,
 * suspicious and malicious links, hovers a malicious one to show the in-page warning, shows the
 * popup's verdict, and follows a phishing link that gets blocked.
 *
 * With a display it opens a window and keeps running until Ctrl-C. Without one it runs headless,
 * writes screenshots to the folder it prints, and exits.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, startPageServer, type ChromiumExtension } from '../test/e2e/harness';
import type { ScanningService } from '../test/service/server';

export interface DemoOptions {
  extensionDir: string;
  service: ScanningService;
  headless: boolean;
  outDir: string;
  log: (line: string) => void;
}

async function waitForText(page: Page, re: RegExp, timeoutMs = 15_000) {
  await page.waitForFunction((src) => new RegExp(src, 'i').test(document.body.innerText), re.source, {
    timeout: timeoutMs,
  });
}

async function configureThroughOptions(
  ext: ChromiumExtension,
  service: ScanningService,
  log: DemoOptions['log'],
): Promise<Page> {
  const page = await ext.context.newPage();
  await page.goto(ext.optionsUrl);
  await page.getByLabel('Service URL', { exact: true }).fill(service.baseUrl);
  await page.getByLabel('API key', { exact: true }).fill(service.demoKey);
  await page
    .getByRole('button', { name: /^save$/i })
    .first()
    .click();
  await page.getByRole('button', { name: /test connection/i }).click();
  await waitForText(page, /connected/);
  log('  options: service URL and API key saved; Test connection says connected');
  return page;
}

export async function runDemo(o: DemoOptions): Promise<{ close(): Promise<void> }> {
  const pages = await startPageServer();
  const ext = await launchChromium({ extensionDir: o.extensionDir, headless: o.headless });
  const shots: string[] = [];
  const shoot = async (page: Page, name: string) => {
    if (!o.headless) return;
    const file = join(o.outDir, `${name}.png`);
    await page.screenshot({ path: file });
    shots.push(file);
  };
  await mkdir(o.outDir, { recursive: true });

  const options = await configureThroughOptions(ext, o.service, o.log);
  await shoot(options, 'options');

  // The demo page: hover the malware link until the in-page warning shows.
  const demo = await ext.context.newPage();
  await demo.setViewportSize({ width: 900, height: 600 });
  await demo.goto(pages.url('demo.test', '/demo'));
  const malware = demo.getByRole('link', { name: 'Malware download' });
  await malware.hover();
  await demo.waitForTimeout(400);
  await demo.mouse.move(5, 5);
  await malware.hover();
  // The warning lives in a closed shadow root; wait until the background has the verdict, then
  // give the overlay a frame to draw before the screenshot.
  await options.waitForFunction(
    async (url) => {
      const chromeApi = (
        globalThis as unknown as {
          chrome: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; data: { kind: string } }> } };
        }
      ).chrome;
      const r = await chromeApi.runtime.sendMessage({ type: 'scan.url', url, reason: 'hover' });
      return r.ok && r.data.kind === 'verdict';
    },
    await malware.getAttribute('href'),
    { timeout: 20_000, polling: 250 },
  );
  await malware.hover();
  await demo.waitForTimeout(800);
  await shoot(demo, 'warning-tooltip');
  o.log('  demo page: hovering "Malware download" shows the in-page warning');

  // The popup for the demo tab (opened as a page: headless Chromium has no toolbar).
  const tabId = await options.evaluate(async () => {
    const chromeApi = (
      globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<Array<{ id: number; url: string }>> } } }
    ).chrome;
    const tabs = await chromeApi.tabs.query({});
    return tabs.find((t) => t.url.includes('demo.test'))?.id ?? null;
  });
  const popup = await ext.context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(`${ext.popupUrl}?tabId=${tabId}`);
  await waitForText(popup, /safe|score|checked/);
  await shoot(popup, 'popup');
  o.log('  popup: the verdict for the demo page');

  // A navigation that gets blocked.
  await demo.getByRole('link', { name: 'Phishing bank login' }).click();
  await demo.waitForURL(/blocked\.html/, { timeout: 20_000 });
  await waitForText(demo, /phishing/);
  await shoot(demo, 'blocked-page');
  o.log('  navigation to "Phishing bank login": blocked before the page loaded');

  if (shots.length) o.log(`Screenshots written to ${o.outDir}:\n${shots.map((s) => `  ${s}`).join('\n')}`);
  return {
    async close() {
      await ext.close();
      await pages.stop();
    },
  };
}
