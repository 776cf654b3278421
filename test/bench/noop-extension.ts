// A do-nothing MV3 extension: a service worker that answers every message at once, and an empty
// content script (so pages get an isolated world to send from). BENCHMARKS.md "first verdict after the worker stopped" stops its worker
// the same way as Linklens's, to show the browser's own floor for "start a worker and answer".
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface NoopOptions {
  /** Inject into every frame, about:blank and srcdoc ones too, as Linklens does (entrypoints/content.ts). */
  allFrames?: boolean;
  /**
   * A second empty script at document_start in top frames, where Linklens runs its hold guard
   * (entrypoints/hold-guard.ts): the top frame's isolated world is then made at the same moment
   * on both sides of a comparison, and what is left over is the guard's own work.
   */
  documentStart?: boolean;
}

export async function writeNoopExtension(o: NoopOptions = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'linklens-bench-noop-'));
  const frames = o.allFrames ? { all_frames: true, match_about_blank: true } : {};
  const web = ['http://*/*', 'https://*/*'];
  const manifest = {
    manifest_version: 3,
    name: 'bench no-op',
    version: '1.0.0',
    background: { service_worker: 'background.js' },
    content_scripts: [
      { matches: web, js: ['content.js'], run_at: 'document_idle', ...frames },
      ...(o.documentStart ? [{ matches: web, js: ['start.js'], run_at: 'document_start', all_frames: false }] : []),
    ],
  };
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  await writeFile(
    join(dir, 'background.js'),
    "chrome.runtime.onMessage.addListener((message, sender, sendResponse) => { sendResponse({ ok: true, data: { status: 'verdict' } }); });\n",
  );
  await writeFile(join(dir, 'content.js'), '// empty: only gives pages an isolated world of this extension\n');
  if (o.documentStart)
    await writeFile(
      join(dir, 'start.js'),
      "// empty: at the hold guard's place (document_start, top frame), nothing done\n",
    );
  return dir;
}
