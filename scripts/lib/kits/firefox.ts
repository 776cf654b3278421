/**
 * A Firefox `policies.json` example: ExtensionSettings installs the add-on, and
 * `3rdparty.Extensions.<gecko id>` holds every schema key with the value null. JSON has no
 * comments, so null is the placeholder: Linklens skips a null key (managed.ts readManaged), so the
 * file unchanged installs the add-on and sets nothing; an administrator replaces the nulls they
 * want with values (types and descriptions: the kit's keys.md) and deletes the rest.
 */
import type { PolicyKey } from './schema';

export const GECKO_ID = 'linklens@linklens.dev';
const AMO_LATEST = 'https://addons.mozilla.org/firefox/downloads/latest/linklens/latest.xpi';

export function firefoxKit(keys: readonly PolicyKey[]): string {
  const policy = Object.fromEntries(keys.map((k) => [k.name, null]));
  const file = {
    policies: {
      ExtensionSettings: { [GECKO_ID]: { installation_mode: 'force_installed', install_url: AMO_LATEST } },
      '3rdparty': { Extensions: { [GECKO_ID]: policy } },
    },
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
