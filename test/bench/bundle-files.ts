// Which files make up each entry point of a built extension directory: the manifest names the
// entries (service worker, content scripts, pages); a page loads its scripts, module preloads and
// stylesheets; a script loads the chunks it imports. Pure file reading, no bundler involved.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface EntryFiles {
  /** e.g. "background", "content-scripts/content", "popup.html". */
  name: string;
  /** Paths relative to the extension directory, the entry's own file first. */
  files: string[];
}

interface Manifest {
  background?: { service_worker?: string; scripts?: string[] };
  content_scripts?: { js?: string[]; css?: string[] }[];
  action?: { default_popup?: string };
  options_ui?: { page?: string };
  options_page?: string;
}

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];

/** Files a page loads: module scripts, modulepreloads, stylesheets (root-relative or relative). */
function pageFiles(dir: string, page: string): string[] {
  const html = readFileSync(join(dir, page), 'utf8');
  const out: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const ref = tag.startsWith('<script')
      ? attr(tag, 'src')
      : /rel="(modulepreload|stylesheet)"/.test(tag)
        ? attr(tag, 'href')
        : undefined;
    if (!ref || /^[a-z]+:/i.test(ref)) continue;
    out.push(ref.startsWith('/') ? ref.slice(1) : relative(dir, resolve(dir, dirname(page), ref)));
  }
  return out;
}

/** The chunks a script imports (static and dynamic), transitively. */
function scriptClosure(dir: string, start: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || !existsSync(join(dir, file))) continue;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(dir, file), 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'`]((?:\.{1,2}\/|\/)[^"'`]+?\.js)["'`]/g)) {
      const ref = m[1]!;
      queue.push(ref.startsWith('/') ? ref.slice(1) : relative(dir, resolve(dir, dirname(file), ref)));
    }
  }
  return [...seen];
}

export function entryFiles(dir: string): EntryFiles[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const entries: EntryFiles[] = [];
  const worker = manifest.background?.service_worker ?? manifest.background?.scripts?.[0];
  if (worker) entries.push({ name: worker.replace(/\.js$/, ''), files: scriptClosure(dir, [worker]) });
  for (const cs of manifest.content_scripts ?? []) {
    for (const js of cs.js ?? [])
      entries.push({ name: js.replace(/\.js$/, ''), files: [...scriptClosure(dir, [js]), ...(cs.css ?? [])] });
  }
  const pages = new Set(
    [manifest.action?.default_popup, manifest.options_ui?.page, manifest.options_page].filter((p): p is string =>
      Boolean(p),
    ),
  );
  for (const f of readdirSync(dir)) if (f.endsWith('.html')) pages.add(f);
  for (const page of [...pages].sort()) {
    const loaded = pageFiles(dir, page);
    const scripts = scriptClosure(
      dir,
      loaded.filter((f) => f.endsWith('.js')),
    );
    entries.push({ name: page, files: [page, ...new Set([...scripts, ...loaded.filter((f) => !f.endsWith('.js'))])] });
  }
  return entries;
}
