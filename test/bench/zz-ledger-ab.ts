// Ad hoc (not committed): one navigation at a time with a full ledger (1000 lines): order → POST arrival.
import { startPageServer } from '../e2e/harness';
import { startService } from '../service/server';
import { launchWithExtension } from './bench-browser';
import { visit } from './time-to-verdict';
import { median, max } from './stats';

const pages = await startPageServer();
const svc = await startService({ processingDelayMs: 300, keepAliveMs: 2000, initialCredits: 100_000 });
const be = await launchWithExtension(svc);
const fill = () => be.ext.worker.evaluate(async () => {
  const lines = Array.from({ length: 1000 }, (_, i) => ({ url: `https://filler-${i}.example.com/some/path/${i}`, at: Date.now() - 1e6 + i, reason: 'navigation' }));
  const db: IDBDatabase = await new Promise((res, rej) => { const r = indexedDB.open('linklens', 1); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
  await new Promise<void>((res, rej) => { const t = db.transaction('kv', 'readwrite'); t.objectStore('kv').put(lines, 'ledger'); t.oncomplete = () => res(); t.onerror = () => rej(t.error); });
  db.close();
});
await fill();
const out: number[] = [];
const run = Date.now().toString(36);
for (let i = 0; i < 16; i++) {
  const tab = await be.ext.context.newPage();
  const url = pages.url(`phish-ledger-${run}-${i}.test`, '/login');
  const from = svc.log.length;
  const t = Date.now();
  await visit(tab, url).catch(() => undefined);
  const end = Date.now() + 5000;
  let at = NaN;
  while (Date.now() < end) {
    const e = svc.log.slice(from).find((x) => x.method === 'POST');
    if (e) { at = e.at; break; }
    await new Promise((r) => setTimeout(r, 5));
  }
  if (i >= 2) out.push(at - t);
  await new Promise((r) => setTimeout(r, 600));
  await tab.close();
}
console.log(`LEDGER-AB ${process.env.LABEL ?? ''} order→POST ms median ${median(out).toFixed(0)} max ${max(out).toFixed(0)} :: ${out.map((x) => x.toFixed(0)).join(' ')}`);
await be.close(); await svc.stop(); await pages.stop();
process.exit(0);
