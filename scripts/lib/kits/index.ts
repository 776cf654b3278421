/**
 * Every deployment kit, as file name → text, from the policy schema alone (schema.ts says why).
 * Pure, so the test reads exactly what `npm run kits` writes.
 */
import { admxKit } from './admx';
import { CHROMIUM_TARGETS, isChromiumExtensionId } from './browsers';
import { firefoxKit } from './firefox';
import { mobileconfigKit } from './mobileconfig';
import { referenceKit } from './reference';
import { regKit } from './reg';
import { policyKeys } from './schema';

export type ExtensionIds = Readonly<Record<'chrome' | 'edge', string>>;

export function buildKits(schema: unknown, ids: ExtensionIds): Map<string, string> {
  for (const [browser, id] of Object.entries(ids)) {
    if (!isChromiumExtensionId(id))
      throw new Error(`${browser} extension id ${JSON.stringify(id)}: an id is 32 letters a-p`);
  }
  const keys = policyKeys(schema);
  const files = new Map<string, string>();
  for (const target of CHROMIUM_TARGETS) {
    const { admx, adml } = admxKit(keys, target, ids[target.slug]);
    files.set(`windows/linklens-${target.slug}.admx`, admx);
    files.set(`windows/en-US/linklens-${target.slug}.adml`, adml);
  }
  files.set('windows/linklens.reg', regKit(keys, ids));
  files.set('macos/linklens.mobileconfig', mobileconfigKit(keys, ids));
  files.set('firefox/policies.json', firefoxKit(keys));
  files.set('keys.md', referenceKit(keys));
  return files;
}
