// The options page's account features in real Chromium against the local scanning service
// (docs/decisions/017-surfaces.md → "create and revoke a key, buy credits, edit settings, axe checks,
// screenshots"): an API key created (secret shown once, then nowhere) and revoked after
// confirming, credits bought, account settings edited by form and JSON editor; each checked
// against the service's own state. Then axe and light/dark screenshots of the page.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { extensionDir, launchChromium, selectedBrowsers, type ChromiumExtension, takeErrors } from './harness';
import { describeViolations, runAxeInThemes, seriousOrWorse } from './harness/axe';
import { requestFromExtensionPage } from './harness/extension-messages';
import {
  openOptionsPage,
  optionsSection,
  reloadOptionsPage,
  runTestConnection,
  saveConnection,
  showOptionsGroup,
} from './harness/options-page';
import { everythingInPage } from './harness/page-safety';
import { bodyColours, SCREENSHOT_DIR, screenshotThemes } from './harness/screenshots';
import { serviceKeys, serviceSettings } from './harness/service-account';
import { waitFor } from './harness/wait-for';
import { startService, type ScanningService } from '../service/server';
import type { SettingsData } from '../../src/shared/messaging/protocol';

const browsers = selectedBrowsers();

if (browsers.includes('chromium')) {
  describe('Chromium: the options page, API keys, credits and account settings', () => {
    let ext: ChromiumExtension;
    let svc: ScanningService;
    let options: Page;

    beforeAll(async () => {
      svc = await startService({ processingDelayMs: 300, keepAliveMs: 500 });
      ext = await launchChromium({ extensionDir: extensionDir('chromium') });
      options = await openOptionsPage(ext);
      // Configured the way a person does it (pages-options-connection tests this step itself).
      await saveConnection(options, svc.baseUrl, svc.demoKey);
    });
    afterAll(async () => {
      await ext?.close();
      await svc?.stop();
    });

    const settingsNow = () => requestFromExtensionPage<SettingsData>(options, { type: 'settings.get' });

    test('API keys: created with a name and scopes, the secret is shown once, "Use this key" switches to it, and after a reload it is nowhere', async () => {
      await reloadOptionsPage(options);
      await showOptionsGroup(options, 'account');
      const keys = optionsSection(options, 'keys');
      const name = `e2e admin ${Date.now()}`;
      await keys.getByLabel('Key name', { exact: true }).fill(name);
      // SCAN_WRITE is preselected; all five, so the extension can keep managing keys with it.
      for (const scope of ['SCAN_READ', 'KEYS_ADMIN', 'CREDITS', 'SETTINGS'])
        await keys.getByLabel(scope, { exact: true }).check();
      await keys.getByRole('button', { name: 'Create a key' }).click();

      const secretField = keys.getByLabel('Key value', { exact: true });
      await secretField.waitFor();
      const secret = await secretField.inputValue();
      expect(secret.length).toBeGreaterThan(16);
      expect(await keys.innerText()).toContain('Copy this key now. It is shown only this once.');
      const created = (await serviceKeys(svc)).find((k) => k.name === name);
      expect(created?.scopes.sort()).toEqual(['CREDITS', 'KEYS_ADMIN', 'SCAN_READ', 'SCAN_WRITE', 'SETTINGS']);

      await keys.getByRole('button', { name: 'Use this key' }).click();
      await keys.getByText('Linklens now uses this key.').waitFor();
      const hint = (await settingsNow()).apiKeyHint ?? '';
      expect(hint.replace(/^…/, '')).toBe(secret.slice(-hint.replace(/^…/, '').length));
      await keys.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => keys.getByLabel('Key value', { exact: true }).count()).toBe(0);
      expect(await everythingInPage(options)).not.toContain(secret);

      await reloadOptionsPage(options);
      await showOptionsGroup(options, 'account');
      await optionsSection(options, 'keys').getByText(name).waitFor();
      expect(await everythingInPage(options)).not.toContain(secret);
      // The extension now talks to the service with the new key (the service logs key ids).
      svc.clearLog();
      await showOptionsGroup(options, 'connection');
      await options.getByRole('button', { name: 'Test connection' }).click();
      await optionsSection(options, 'connection').locator('.notice-ok', { hasText: 'Connected.' }).waitFor();
      expect(new Set(svc.log.map((e) => e.auth))).toEqual(new Set([created!.id]));
      expect(takeErrors(ext)).toEqual([]);
    });

    test('API keys: a key dismissed with Done is revoked after confirming, and is gone from the page and the service', async () => {
      await reloadOptionsPage(options);
      await showOptionsGroup(options, 'account');
      const keys = optionsSection(options, 'keys');
      const name = `e2e read-only ${Date.now()}`;
      await keys.getByLabel('Key name', { exact: true }).fill(name);
      await keys.getByLabel('SCAN_WRITE', { exact: true }).uncheck();
      await keys.getByLabel('SCAN_READ', { exact: true }).check();
      await keys.getByRole('button', { name: 'Create a key' }).click();
      const secret = await keys.getByLabel('Key value', { exact: true }).inputValue();
      await keys.getByRole('button', { name: 'Done' }).click();
      await reloadOptionsPage(options);
      expect(await everythingInPage(options)).not.toContain(secret);

      const row = optionsSection(options, 'keys').locator('.key-list li', { hasText: name });
      await row.waitFor();
      const id = (await serviceKeys(svc)).find((k) => k.name === name)!.id;
      expect(await row.innerText()).toContain(id);
      await row.getByRole('button', { name: 'Revoke' }).click();
      // Asked first, inline: nothing is revoked until Confirm.
      const question = row.getByRole('group', { name: `Revoke “${name}”? Anything using it stops working.` });
      await question.waitFor();
      expect((await serviceKeys(svc)).map((k) => k.id)).toContain(id);
      await question.getByRole('button', { name: 'Confirm' }).click();

      await expect
        .poll(() => optionsSection(options, 'keys').locator('.key-list li', { hasText: name }).count())
        .toBe(0);
      expect((await serviceKeys(svc)).map((k) => k.id)).not.toContain(id);
      await reloadOptionsPage(options);
      await showOptionsGroup(options, 'account');
      await optionsSection(options, 'keys').locator('.key-list li').first().waitFor();
      expect(await optionsSection(options, 'keys').innerText()).not.toContain(name);
      expect(takeErrors(ext)).toEqual([]);
    });

    test("Credits: the balance is shown, and buying shows the new balance, equal to the service's", async () => {
      await reloadOptionsPage(options);
      await showOptionsGroup(options, 'account');
      const credits = optionsSection(options, 'credits');
      const balance = credits.locator('.balance');
      await expect
        .poll(() => balance.innerText().catch(() => ''))
        .toBe(`Credits: ${svc.getCredits().toLocaleString('en-US')}`);
      const before = svc.getCredits();

      await credits.getByLabel('Credits to buy', { exact: true }).fill('250');
      await credits.getByLabel('Credits to buy', { exact: true }).press('Tab'); // commits the number (on change)
      await credits.getByRole('button', { name: 'Buy credits' }).click();
      // It says the amount and asks before any money is spent.
      await credits
        .getByText('Buy 250 credits? The scanning service charges them to the account of your API key.')
        .waitFor();
      expect(svc.getCredits()).toBe(before);
      await credits.getByRole('button', { name: 'Buy 250 credits' }).click();
      await credits.getByText('Purchase complete.').waitFor();
      expect(svc.getCredits()).toBe(before + 250);
      await expect.poll(() => balance.innerText()).toBe(`Credits: ${(before + 250).toLocaleString('en-US')}`);
      // The purchase result is shown as well (the service's answer as a key/value view).
      expect(await credits.locator('.notice-ok').innerText()).toContain(String(before + 250));
      expect(takeErrors(ext)).toEqual([]);
    });

    test('Account settings: a recognised field and the JSON editor are saved to the service', async () => {
      await reloadOptionsPage(options);
      await showOptionsGroup(options, 'account');
      const account = optionsSection(options, 'account');
      const nameField = account.getByLabel('account.name', { exact: true });
      await nameField.waitFor();
      await nameField.fill('E2E Org');
      await account.getByRole('button', { name: 'Save settings' }).click();
      await account.getByText('Saved by the service:').waitFor();
      const afterForm = await serviceSettings(svc);
      expect(afterForm.account).toMatchObject({ name: 'E2E Org' });

      // The JSON editor: a change to a field the form has no input for, plus a new field.
      const editor = account.getByLabel('Settings as JSON', { exact: true });
      const json = JSON.parse(await editor.inputValue()) as Record<string, unknown>;
      expect(json.account).toMatchObject({ name: 'E2E Org' });
      const next = {
        ...json,
        domains: { allow: ['good.example'], block: ['bad.example'] },
        e2eExtra: { nested: [1, 2] },
      };
      await editor.fill(JSON.stringify(next, null, 2));
      await account.getByRole('button', { name: 'Save JSON' }).click();
      await waitFor(
        'the JSON edit at the service',
        () => serviceSettings(svc),
        (s) => JSON.stringify(s.e2eExtra) === '{"nested":[1,2]}',
      );
      const saved = await serviceSettings(svc);
      expect(saved).toEqual(next);
      // What the service saved is shown back.
      await expect.poll(() => account.locator('.notice-ok').innerText()).toContain('bad.example');
      expect(takeErrors(ext)).toEqual([]);
    });

    test('Account settings: invalid JSON shows a validation error and sends nothing', async () => {
      await reloadOptionsPage(options);
      await showOptionsGroup(options, 'account');
      const account = optionsSection(options, 'account');
      const editor = account.getByLabel('Settings as JSON', { exact: true });
      await editor.waitFor();
      const puts = () => svc.log.filter((e) => e.method === 'PUT' && e.path.startsWith('/v1/settings')).length;
      const before = puts();
      const stored = await serviceSettings(svc);

      await editor.fill('{ "account": { "name": "half');
      await account.getByRole('button', { name: 'Save JSON' }).click();
      const alert = account.locator('#account-json-error');
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(/^Not valid JSON: /);
      expect(await editor.getAttribute('aria-invalid')).toBe('true');

      await editor.fill('[1, 2, 3]');
      await account.getByRole('button', { name: 'Save JSON' }).click();
      await expect.poll(() => alert.innerText()).toBe('The JSON must be an object ({ … }).');

      expect(puts()).toBe(before);
      expect(await serviceSettings(svc)).toEqual(stored);
      expect(takeErrors(ext)).toEqual([]);
    });

    test('axe finds no serious or critical violation on the options page (light and dark)', async () => {
      await reloadOptionsPage(options);
      await showOptionsGroup(options, 'account');
      await optionsSection(options, 'credits').locator('.balance').waitFor();
      await optionsSection(options, 'account').getByLabel('Settings as JSON', { exact: true }).waitFor();
      // With error notices showing too (their colours are checked for contrast as well).
      expect(await runTestConnection(options, svc.baseUrl, 'llk_this_key_does_not_exist_000000')).toContain(
        'The service rejected this API key.',
      );
      await showOptionsGroup(options, 'account');
      await optionsSection(options, 'account').getByLabel('Settings as JSON', { exact: true }).fill('{');
      await optionsSection(options, 'account').getByRole('button', { name: 'Save JSON' }).click();
      await options.locator('#account-json-error').waitFor();
      const violations = await runAxeInThemes(options);
      console.log(describeViolations('options', violations));
      expect(seriousOrWorse(violations)).toEqual([]);
      expect(takeErrors(ext)).toEqual([]);
    });

    test('screenshots of the options page in light and dark', async () => {
      await reloadOptionsPage(options);
      await showOptionsGroup(options, 'account');
      await optionsSection(options, 'credits').locator('.balance').waitFor();
      await optionsSection(options, 'keys').locator('.key-list li').first().waitFor();
      // A Test connection outcome, so the screenshot shows a notice too.
      await showOptionsGroup(options, 'connection');
      await options.getByRole('button', { name: 'Test connection' }).click();
      await optionsSection(options, 'connection').locator('.notice-ok', { hasText: 'Connected.' }).waitFor();
      const paths = await screenshotThemes(options, 'options');
      console.log(`screenshots in ${SCREENSHOT_DIR}: ${paths.join(', ')}`);
      expect(paths).toHaveLength(2);
      // The two themes really differ (prefers-color-scheme drives the stylesheet's colours).
      expect(await bodyColours(options, 'dark')).not.toEqual(await bodyColours(options, 'light'));
      expect(takeErrors(ext)).toEqual([]);
    });
  });
}
