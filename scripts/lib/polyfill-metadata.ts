/**
 * Build step (wxt.config.ts): keeps only the namespaces Linklens calls in webextension-polyfill's
 * API metadata (docs/decisions/009-bundle-weight.md, −3 kB of the background and of the pages' shared chunk).
 *
 * Why this is safe. The polyfill (Chromium only; Firefox's own `browser` is used as is) wraps
 * a namespace in promise-returning functions when its metadata names it, and hands any other
 * namespace through as Chromium's own object. Every namespace we call keeps its metadata word
 * for word, so what we call behaves exactly as before; a namespace we do not call would be
 * Chromium's own, which returns promises in MV3 too. test/unit/scripts/polyfill-metadata.test.ts
 * checks that every namespace the source names is listed here, and that the transform keeps
 * those entries unchanged.
 *
 * The metadata is the polyfill's api-metadata.json, pasted into dist/browser-polyfill.js as a
 * JSON object literal. If a new polyfill release changes that, the build stops here rather than
 * shipping an untrimmed or broken polyfill.
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The browser namespaces Linklens' code calls (checked against the source by a test). */
export const USED_NAMESPACES = [
  'alarms',
  'contextMenus',
  'i18n',
  'management',
  'notifications',
  'runtime',
  'storage',
  'tabs',
  'webNavigation',
  'webRequest',
  'windows',
] as const;

const START = 'const apiMetadata = ';
const POLYFILL_FILE = /[\\/]webextension-polyfill[\\/]dist[\\/]browser-polyfill\.js$/;

/** The index just past the `}` that closes the object opening at `open` (JSON text: no braces in its strings). */
function closingBrace(code: string, open: number): number {
  let depth = 0;
  let inString = false;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  throw new Error('polyfill-metadata: the API metadata object never closes');
}

/** Where the metadata object stands in the polyfill's source, and what replaces it; throws when the file is not as expected. */
function trimmed(code: string, keep: readonly string[]): { open: number; end: number; text: string } {
  const at = code.indexOf(START);
  if (at < 0 || code.indexOf(START, at + 1) >= 0) {
    throw new Error(
      `polyfill-metadata: expected one "${START}" in webextension-polyfill; revisit scripts/lib/polyfill-metadata.ts`,
    );
  }
  const open = at + START.length;
  const end = closingBrace(code, open);
  const all = JSON.parse(code.slice(open, end)) as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const ns of keep) {
    if (!Object.hasOwn(all, ns)) throw new Error(`polyfill-metadata: the polyfill has no metadata for "${ns}"`);
    kept[ns] = all[ns];
  }
  return { open, end, text: JSON.stringify(kept) };
}

/** The polyfill's source with its metadata cut to `keep`. */
export function trimPolyfillMetadata(code: string, keep: readonly string[] = USED_NAMESPACES): string {
  const { open, end, text } = trimmed(code, keep);
  return code.slice(0, open) + text + code.slice(end);
}

export function polyfillMetadataPlugin(): Plugin {
  return {
    name: 'linklens:polyfill-metadata',
    transform(code, id) {
      // The file itself only: not the commonjs plugin's virtual modules ("\0…?commonjs-…") for it.
      if (id.startsWith('\0') || id.includes('?') || !POLYFILL_FILE.test(id)) return undefined;
      const { open, end, text } = trimmed(code, USED_NAMESPACES);
      // Through MagicString so the bundle's source map still points into the polyfill (bench 6).
      const out = new MagicString(code).overwrite(open, end, text);
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}
