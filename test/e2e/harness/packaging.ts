// Runs `npm run zip` the way a release would (docs/decisions/018-tests.md) and lints the Firefox package
// with Mozilla's addons-linter. The zip runs in a temporary copy of the project, with
// node_modules linked, not in the working tree: `wxt zip` rebuilds `.output/chrome-mv3` and
// `.output/firefox-mv3`, which browser tests running at the same time have loaded.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

/** Top-level entries not copied: outputs, caches, VCS, and tests (not part of a package). */
const NOT_COPIED = new Set(['node_modules', '.output', '.wxt', '.git', 'test-results', 'test']);

export interface Packages {
  /** The temporary project copy (removed by cleanup). */
  root: string;
  chromeZip: string;
  firefoxZip: string;
  /** WXT adds a sources zip for Firefox (addons.mozilla.org asks for sources of bundled code). */
  sourcesZip: string;
  /** What `npm run zip` printed (stdout and stderr), for failure messages. */
  output: string;
  cleanup(): Promise<void>;
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** Copies the project, runs `npm run zip` there, and returns the three zips. */
export async function zipFreshCopy(): Promise<Packages> {
  const root = await mkdtemp(join(tmpdir(), 'linklens-zip-'));
  const cleanup = () => rm(root, { recursive: true, force: true, maxRetries: 3 });
  try {
    for (const name of await readdir(REPO_ROOT)) {
      if (NOT_COPIED.has(name)) continue;
      await cp(join(REPO_ROOT, name), join(root, name), { recursive: true });
    }
    await symlink(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
    const { code, output } = await run('npm', ['run', 'zip'], root);
    if (code !== 0) throw new Error(`npm run zip exited with ${code}:\n${output}`);
    const zips = (await readdir(join(root, '.output'))).filter((f) => f.endsWith('.zip'));
    const find = (suffix: string) => {
      const hit = zips.find((f) => f.endsWith(suffix));
      if (!hit) throw new Error(`npm run zip made no *${suffix} (made: ${zips.join(', ')})\n${output}`);
      return join(root, '.output', hit);
    };
    return {
      root,
      chromeZip: find('-chrome.zip'),
      firefoxZip: find('-firefox.zip'),
      sourcesZip: find('-sources.zip'),
      output,
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

export interface LinterMessage {
  code: string;
  message: string;
  description?: string | string[];
  file?: string;
  line?: number;
  column?: number;
}

export interface LinterReport {
  summary: { errors: number; warnings: number; notices: number };
  errors: LinterMessage[];
  warnings: LinterMessage[];
  notices: LinterMessage[];
}

interface AddonsLinter {
  createInstance(options: { config: Record<string, unknown>; runAsBinary: boolean }): { run(): Promise<LinterReport> };
}

/** addons-linter's node API (its README, "Using the linter in node"), as addons.mozilla.org would for a listed add-on. */
export async function lintFirefoxPackage(path: string): Promise<LinterReport> {
  const linter = createRequire(import.meta.url)('addons-linter') as AddonsLinter;
  const instance = linter.createInstance({
    config: {
      _: [path],
      logLevel: 'fatal',
      stack: false,
      pretty: false,
      warningsAsErrors: false,
      metadata: false,
      output: 'none',
      boring: true,
      selfHosted: false,
    },
    runAsBinary: false,
  });
  return instance.run();
}

/** One line per message, for the test output. */
export function describeLinterMessages(kind: string, list: readonly LinterMessage[]): string[] {
  return list.map((m) => `${kind} ${m.code}: ${m.message}${m.file ? ` (${m.file}${m.line ? `:${m.line}` : ''})` : ''}`);
}
