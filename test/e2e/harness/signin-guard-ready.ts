// The sign-in guard's script is registered once the background has read the policy (slow on a
// fresh profile): journeys wait for the browser to hold it before they open any page.
import type { JourneyDriver } from './driver';
import { waitFor } from './wait-for';

export async function signInGuardRegistered(driver: JourneyDriver): Promise<void> {
  const control = await driver.openExtensionPage('options.html');
  await waitFor(
    'the sign-in guard registered',
    () =>
      control.evaluate(async () => {
        const g = globalThis as unknown as {
          browser?: { scripting?: { getRegisteredContentScripts(): Promise<{ id: string }[]> } };
          chrome: { scripting: { getRegisteredContentScripts(): Promise<{ id: string }[]> } };
        };
        return (await (g.browser?.scripting ?? g.chrome.scripting).getRegisteredContentScripts()).map((s) => s.id);
      }),
    (ids) => ids.includes('linklens-signin-guard'),
    30_000,
    250,
  );
  await control.close();
}
