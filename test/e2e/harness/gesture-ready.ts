// The person's first gesture on a page (a hover, a key press) starts Linklens' content script
// (src/content/visit.ts), which the browser injects at document_idle: at the latest right after
// the load event. A gesture a test makes before that starts nothing, as for a person who moves
// the pointer while the page is still loading and then holds still. So the drivers' hover() and
// press() wait, once per page, for the document to be complete and a moment for the injection.
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const settled = new WeakSet<object>();
const INJECTION_MARGIN_MS = 200;

export async function untilGestureCounts(page: object, readyState: () => Promise<string>): Promise<void> {
  if (settled.has(page)) return;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    // A page still loading (or one that cannot answer: an extension page mid-navigation) is asked
    // again; past the deadline the gesture goes ahead, as a person's would.
    if ((await readyState().catch(() => 'unknown')) === 'complete') break;
    await sleep(50);
  }
  await sleep(INJECTION_MARGIN_MS);
  settled.add(page);
}
