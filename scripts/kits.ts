/**
 * `npm run kits [-- --chrome-id=<id> --edge-id=<id>]`: writes the deployment kits (Group Policy
 * templates, a .reg example, a macOS profile, a Firefox policies.json and a key reference) into
 * .output/kits/ from public/managed_schema.json. Without ids the kits name the development id
 * (the one `npm run build` gives an unpacked extension); a store package has the id its store
 * gave it, so pass that. docs/admin/deployment.md explains each kit.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKits } from './lib/kits/index';
import { DEV_EXTENSION_ID } from '../wxt.config';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, '.output', 'kits');

function arg(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

const schema: unknown = JSON.parse(readFileSync(join(ROOT, 'public', 'managed_schema.json'), 'utf8'));
const files = buildKits(schema, {
  chrome: arg('chrome-id') ?? DEV_EXTENSION_ID,
  edge: arg('edge-id') ?? DEV_EXTENSION_ID,
});
rmSync(OUT, { recursive: true, force: true });
for (const [name, text] of files) {
  const path = join(OUT, name);
  mkdirSync(dirname(path), { recursive: true });
  // regedit reads a version 5 .reg file as UTF-16 LE with a byte-order mark (reg.ts).
  writeFileSync(path, name.endsWith('.reg') ? Buffer.from(`\ufeff${text}`, 'utf16le') : text);
}
console.log(`Wrote ${files.size} kit files to ${OUT}`);
