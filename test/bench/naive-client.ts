// The naive baseline of BENCHMARKS.md "Network economy": a client that scans every event. One POST per event, then
// a GET every `pollMs` until the job is terminal. No cache, no dedupe, no normalization, no batch.
export interface NaiveOptions {
  baseUrl: string;
  apiKey: string;
  pollMs: number;
  /** Events in flight at once (only to finish quickly; the request count does not depend on it). */
  concurrency: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function scanOnce(url: string, o: NaiveOptions): Promise<void> {
  const headers = { Authorization: `Bearer ${o.apiKey}`, 'Content-Type': 'application/json' };
  const created = await fetch(`${o.baseUrl}/v1/scans/`, { method: 'POST', headers, body: JSON.stringify({ url }) });
  if (!created.ok) throw new Error(`naive POST ${url}: ${created.status} ${await created.text()}`);
  const job = (await created.json()) as { id: string; state: string };
  let state = job.state;
  while (state !== 'COMPLETED' && state !== 'FAILED') {
    await sleep(o.pollMs);
    const res = await fetch(`${o.baseUrl}/v1/scans/${encodeURIComponent(job.id)}`, { headers });
    if (!res.ok) throw new Error(`naive GET ${job.id}: ${res.status}`);
    state = ((await res.json()) as { state: string }).state;
  }
}

/** Scans every URL of `events` (repeats included). */
export async function runNaiveClient(events: readonly string[], o: NaiveOptions): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < events.length; i = next++) await scanOnce(events[i]!, o);
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency, events.length) }, worker));
}
