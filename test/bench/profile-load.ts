// Where the content script's time goes when a page loads: a CPU profile (CDP Profiler) of one
// corpus page's renderer main thread, with an unminified build of the extension so that function
// names are ours. Not a measurement of the run (no BENCHMARKS.md section): a tool for finding
// what to defer.
//
//   npx tsx test/bench/profile-load.ts [page=news-c] [--no-build] [--arrive]
//
// `page` is a generated corpus page, or a saved real page by its name in the shared reference data
// (`corpus1/heise.html`, arrival/real-pages.ts). With --arrive the profile covers what the person's
// arrival starts (arrival/arrive.ts) instead of the load.
//
// Prints self time per function of the content script (and the page's total), top first.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT, launchChromium } from '../e2e/harness';
import { openExtensionPage, requestFromExtensionPage } from '../e2e/harness/extension-messages';
import { startService } from '../service/server';
import { startCorpusServer } from './corpus/server';
import { sleep } from './stats';
import { arrive } from './arrival/arrive';
import { startRealPages } from './arrival/real-pages';

const OUT = '.output/bench-profile'; // profile-build.ts writes it

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function build(): void {
  const r = spawnSync(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['test/bench/profile-build.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('profile build failed');
}

async function main(): Promise<void> {
  const name = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'news-c';
  if (!process.argv.includes('--no-build')) build();
  const arriving = process.argv.includes('--arrive');
  const server = await startCorpusServer();
  const real = name.includes('/') ? await startRealPages() : null;
  const url = (host: string) => (real ? real.url(host, name) : server.url(host, name));
  const svc = await startService({ processingDelayMs: 300 });
  const ext = await launchChromium({ extensionDir: join(REPO_ROOT, OUT, 'chrome-mv3') });
  try {
    const control = await openExtensionPage(ext, 'popup.html');
    await requestFromExtensionPage(control, {
      type: 'settings.set',
      patch: { serviceUrl: svc.baseUrl, apiKey: svc.demoKey },
    });
    const page = await ext.context.newPage();
    // A page of the same site first, so the profiled navigation stays in this renderer.
    await page.goto(server.url('profiled.test', 'one-link'), { waitUntil: 'load' });
    const cdp = await ext.context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    if (arriving) {
      await page.goto(url('profiled.test'), { waitUntil: 'load' });
      await sleep(3000);
      await cdp.send('Profiler.start');
      await arrive(page);
    } else {
      await cdp.send('Profiler.start');
      await page.goto(url('profiled.test'), { waitUntil: 'load' });
    }
    await sleep(5000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    report(profile);
  } finally {
    await ext.close();
    await svc.stop();
    await server.stop();
    await real?.stop();
  }
}

function report(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  // Inclusive time of extension frames: a node's time counts for every extension function above it.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const ours = (n: ProfileNode) => n.callFrame.url.startsWith('chrome-extension://');
  const key = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^chrome-extension:\/\/[^/]+\//, '')}:${n.callFrame.lineNumber + 1}`;
  const selfBy = new Map<string, number>();
  const totalBy = new Map<string, number>();
  let extensionMs = 0;
  let totalMs = 0;
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    totalMs += us / 1000;
    // Attribute native/builtin frames under one of our functions to that function (what it caused).
    let at: ProfileNode | undefined = n;
    while (at && !ours(at)) at = byId.get(parent.get(at.id) ?? -1);
    if (!at) continue;
    extensionMs += us / 1000;
    const k = ours(n) ? key(n) : `${key(at)} → ${n.callFrame.functionName || n.callFrame.url || '(native)'}`;
    selfBy.set(k, (selfBy.get(k) ?? 0) + us / 1000);
    const seen = new Set<string>();
    for (let p: ProfileNode | undefined = n; p; p = byId.get(parent.get(p.id) ?? -1)) {
      if (!ours(p) || seen.has(key(p))) continue;
      seen.add(key(p));
      totalBy.set(key(p), (totalBy.get(key(p)) ?? 0) + us / 1000);
    }
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `${ms.toFixed(2).padStart(8)} ms  ${k}`)
      .join('\n');
  console.log(
    `profiled ${totalMs.toFixed(1)} ms of samples; under content-script frames: ${extensionMs.toFixed(1)} ms`,
  );
  console.log(`\nself time (native work charged to the content-script function that called it):\n${top(selfBy, 40)}`);
  console.log(`\ninclusive time of content-script functions:\n${top(totalBy, 40)}`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
