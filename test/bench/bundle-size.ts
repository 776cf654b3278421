// Measurement 6: bundle size per entry point (minified, as built in .output/chrome-mv3), and the
// largest contributors to each, named from a second build with source maps
// (.output/bench-analysis, see analysis-build.ts; the maps add nothing but a comment line).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '../e2e/harness';
import { extensionSnapshot } from './bench-browser';
import { entryFiles, type EntryFiles } from './bundle-files';
import type { Section } from './section';
import { charsBySource, type RawSourceMap } from './source-map-sizes';
import { kb, table } from './stats';

const ANALYSIS_DIR = join(REPO_ROOT, '.output/bench-analysis/chrome-mv3');
/** What `wxt build` reads (as scripts/lib/build.mjs): a newer file here makes the analysis build stale. */
const INPUTS = [
  'entrypoints',
  'src',
  'public',
  'assets',
  'wxt.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
const TOP = 6;

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((e) => newest(join(path, e))));
}

function ensureAnalysisBuild(): void {
  const manifest = join(ANALYSIS_DIR, 'manifest.json');
  const sources = Math.max(...INPUTS.map((p) => newest(join(REPO_ROOT, p))));
  if (existsSync(manifest) && statSync(manifest).mtimeMs > sources) return;
  const tsx = join(REPO_ROOT, 'node_modules/.bin/tsx');
  const r = spawnSync(tsx, ['test/bench/analysis-build.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`analysis build failed (exit ${r.status ?? r.signal})`);
}

/** A source path from a map → who it belongs to: an npm package, or a folder of ours. */
function owner(mapFile: string, map: RawSourceMap, source: string): string {
  if (source === '[unmapped]') return '[unmapped: bundler glue]';
  if (source.startsWith('\0') || source.includes('\0') || /^(vite|rolldown|virtual):/.test(source))
    return '[bundler runtime]';
  const path = relative(REPO_ROOT, resolve(dirname(mapFile), map.sourceRoot ?? '', source)).replace(/\\/g, '/');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const parts = path.split('/');
  if (parts[0] === 'src' || parts[0] === 'entrypoints') return `${parts.slice(0, 2).join('/')} (ours)`;
  return `${parts[0]} (ours)`;
}

/** Characters per owner over an entry's JS files, from the analysis build's maps. */
function owners(entry: EntryFiles): Map<string, number> {
  const out = new Map<string, number>();
  for (const file of entry.files.filter((f) => f.endsWith('.js'))) {
    const path = join(ANALYSIS_DIR, file);
    const mapPath = `${path}.map`;
    if (!existsSync(mapPath)) continue;
    const map = JSON.parse(readFileSync(mapPath, 'utf8')) as RawSourceMap;
    for (const [source, chars] of charsBySource(readFileSync(path, 'utf8'), map)) {
      const who = owner(mapPath, map, source);
      out.set(who, (out.get(who) ?? 0) + chars);
    }
  }
  return out;
}

interface EntryResult {
  name: string;
  files: number;
  bytes: number;
  jsBytes: number;
  gzipBytes: number;
  top: { owner: string; bytes: number; share: number }[];
  hasZod: boolean;
}

export async function measureBundles(): Promise<Section> {
  const dir = await extensionSnapshot();
  ensureAnalysisBuild();
  const analysed = new Map(entryFiles(ANALYSIS_DIR).map((e) => [e.name, e]));
  const results: EntryResult[] = entryFiles(dir).map((entry) => {
    const contents = entry.files.map((f) => readFileSync(join(dir, f)));
    const bytes = contents.reduce((a, b) => a + b.length, 0);
    const jsBytes = entry.files.reduce((a, f, i) => a + (f.endsWith('.js') ? contents[i]!.length : 0), 0);
    const gzipBytes = gzipSync(Buffer.concat(contents), { level: 9 }).length;
    const a = analysed.get(entry.name);
    const by = a ? owners(a) : new Map<string, number>();
    const total = [...by.values()].reduce((x, y) => x + y, 0);
    const top = [...by.entries()]
      .sort((x, y) => y[1] - x[1])
      .slice(0, TOP)
      .map(([o, chars]) => ({ owner: o, share: chars / total, bytes: Math.round((chars / total) * jsBytes) }));
    return { name: entry.name, files: entry.files.length, bytes, jsBytes, gzipBytes, top, hasZod: by.has('zod') };
  });
  return report(results);
}

function report(results: EntryResult[]): Section {
  const content = results.find((r) => r.name.startsWith('content-scripts/'));
  const body = [
    'Sizes of the files each entry point loads, as built by `wxt build` (minified) in .output/chrome-mv3: the service worker and the content script are single files; a page counts its HTML, its module script, the chunks it imports or preloads (shared chunks counted in every page that loads them) and its stylesheet. gzip = the same files concatenated, gzip -9 (for comparison; extensions are installed unpacked from the store zip, so the minified size is what the browser parses).',
    '',
    `Largest contributors: a second, identical build with source maps (test/bench/analysis-build.ts → .output/bench-analysis), each minified character attributed to the source file its mapping names (the source-map-explorer method), grouped by npm package or by folder of ours; bytes = share × the entry's JS size. "[unmapped: bundler glue]" = characters no mapping claims (module wrappers, the IIFE of the worker and content script).`,
    '',
    table(
      [
        'entry point',
        'files',
        'minified',
        'of which JS',
        'gzip',
        `largest contributors (top ${TOP}: bytes, share of JS)`,
      ],
      results.map((r) => [
        `\`${r.name}\``,
        r.files,
        kb(r.bytes),
        kb(r.jsBytes),
        kb(r.gzipBytes),
        r.top.map((t) => `${t.owner} ${kb(t.bytes)} (${Math.round(t.share * 100)} %)`).join('; ') || '—',
      ]),
    ),
    '',
    ...(content
      ? [
          content.hasZod
            ? `**The content script bundles zod** (${kb(content.top.find((t) => t.owner === 'zod')?.bytes ?? 0)} in its top contributors): it runs in every frame of every page, so each of those bytes is parsed on every page load. Validating the few message shapes it receives by hand (or with a smaller validator) would remove it.`
            : `The content script bundles no zod (it runs in every frame of every page; its ${kb(content.jsBytes)} are parsed on every page load).`,
        ]
      : []),
  ];
  return {
    title: '6. Bundle sizes per entry point',
    body: body.join('\n'),
    summary: results
      .filter((r) => r.name === 'background' || r.name === 'content-script' || r.name.startsWith('content-scripts/'))
      // Sizes are reported, not aimed at: the byte aims were withdrawn for what a person feels
      // (per-page cost, first verdict after a wake), docs/decisions/009-bundle-weight.md.
      .map((r) => ({
        figure: `6. Bundle \`${r.name}\` (minified / gzip)`,
        value: `${kb(r.bytes)} / ${kb(r.gzipBytes)}; largest: ${r.top
          .filter((t) => !t.owner.startsWith('['))
          .slice(0, 2)
          .map((t) => t.owner)
          .join(', ')}`,
        aim: '',
        met: null,
      })),
    raw: { results },
  };
}
