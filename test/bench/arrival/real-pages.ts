// The saved real pages of the shared reference data (`../shared/reference-data/pages/`, beside the
// repository; LINKLENS_SHARED names another folder): news, wiki, shop, forum, government and school
// sites, cleaned so nothing loads from the network. They are read from there and unpacked into a
// temporary folder for the run, never copied into the project.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../../e2e/harness';
import { listenOnLoopback } from '../../shared/listen';

const ARCHIVES = ['readability-10.tgz', 'trafilatura-15.tgz'];

export interface RealPages {
  /** `<folder>/<file>` of every page, e.g. `corpus1/heise.html`. */
  names: string[];
  url(host: string, name: string): string;
  stop(): Promise<void>;
}

/** Where the archives are; a clear error when the reference data is not there (no silent skip). */
export function realPagesDir(): string {
  const dir = join(process.env.LINKLENS_SHARED ?? resolve(REPO_ROOT, '..', 'shared'), 'reference-data', 'pages');
  const absent = ARCHIVES.filter((a) => !existsSync(join(dir, a)));
  if (absent.length) {
    throw new Error(
      `The saved real pages are missing: ${absent.map((a) => join(dir, a)).join(', ')} (the reference data sits beside the repository; set LINKLENS_SHARED to its folder when it is elsewhere).`,
    );
  }
  return dir;
}

export async function startRealPages(): Promise<RealPages> {
  const from = realPagesDir();
  const dir = mkdtempSync(join(tmpdir(), 'linklens-bench-real-'));
  for (const a of ARCHIVES) execFileSync('tar', ['xzf', join(from, a), '-C', dir]);
  const names = readdirSync(dir)
    .sort()
    .flatMap((folder) =>
      readdirSync(join(dir, folder))
        .filter((f) => f.endsWith('.html'))
        .sort()
        .map((f) => `${folder}/${f}`),
    );
  const known = new Set(names);
  const server = createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://placeholder').pathname).replace(/^\/real\//, '');
    if (!known.has(name)) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(readFileSync(join(dir, name)));
  });
  const port = await listenOnLoopback(server);
  return {
    names,
    url: (host, name) => `http://${host}:${port}/real/${name}`,
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
        rmSync(dir, { recursive: true, force: true });
      }),
  };
}
