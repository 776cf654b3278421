// Explanations that stay true from run to run, appended to their section of BENCHMARKS.md by the
// renderer (report.ts): what a figure means, and why it is what it is. Figures here would go
// stale, so a note names none that a run measures; history (what a figure was before a change)
// lives in git, not here.

export const SECTION_NOTES: Record<string, string> = {
  '10': [
    "Why p95 ≤ 1.08 and ≤ 5 GETs per scan do not go together here: with one GET per poll and per job (the spec offers nothing else to learn a job's state from), a job is seen at the first poll after it ends, so a poll late by at most 8 % needs the polls of each job at most ×1.08 apart over the range where scans end. The scans of this measurement end anywhere over a factor of two (1.5–3 s), which takes ln 2 ÷ ln 1.08 ≈ 9 polls from the first to the last. Computed over the same spread of processing times (no network, 15 ms from the final GET to the redirect), the best geometric schedule with ≤ 5 GETs per scan on average gives p95 1.093 (first poll at 1.64 s, then ×1.09), and p95 ≤ 1.08 takes 5.6 GETs (×1.07): the two aims meet only where scans end within a narrower spread, or with an answer that covers several jobs at once.",
  ].join('\n'),
  '11': [
    "What bounds a burst: the floor extension (test/bench/burst-floor.ts) is the simplest polling client with perfect timing, measured in the same run. Where its slowest ratio is above the aim, no polling client reaches the aim on that machine: the POSTs of a dozen tabs reach the service late through the browser's own network path, not through the worker, which is mostly idle during the burst.",
    '',
    'Over HTTP/2 every job of the 12-tab burst streams and none is polled; what is left after the POST is the way out: the terminal frame, the navigation listener and `tabs.update` for twelve tabs at once.',
  ].join('\n'),
  '15': [
    'The attributed vectors that disagree, and why they are left so:',
    '',
    "- demisto's Safe Links test expects `email_address=paulameixner@curo.com` where the link's `url` decodes to `…%40curo.com`: Safe Links redirects to the decoded parameter, once (atc0005/safelinks and refinery decode once too, and their `linkchecker.php?url=https%3A%2F%2F…` vectors need exactly that); the test decodes twice.",
    "- demisto's Trend Micro test feeds a link with quoted-printable residue (`url==3Dhttp…`, soft line breaks as `=3f`) from a raw mail source; a browser shows the decoded mail, and the residue's `url` is not a URL (the wrapper is then judged as it is).",
    "- crux expects Google's other parameters (`&ct=…&source=gmail…`) glued to the destination of a Google link inside a Google link; Google's `/url` sends to its own `url` parameter only.",
    '',
    "The unattributed ones are rules of one unnamed crate: `redirect-url.email/?link=` and `check.trendmicro.com/?url=` (no vendor source found; the generic redirect-parameter rule still reads them, as a guess) and a Sophos link with only `d=` (the destination's domain, not its address: kachi's Sophos rule reads `u`).",
  ].join('\n'),
  '17': [
    "How the hold guard knows a page is known safe: it asks. Nothing touches the extension until a password field or a form is used; the first such use (the field's focus, a key, a submit) sends one `page.hold`, and the background looks the page up in its verdict cache (no scan). A page known safe is answered 'go' and every listener of the guard goes, so the keys and the Enter reach the page untouched: the focus comes before the first key, and the answer before it. Only an Enter that is the very first thing done on a page waits for that one answer (a message to the background and back) before the form is submitted again.",
    '',
    "Each timed tab is closed only once the signed-in page has loaded: a tab closed while the POST's answer commits is acknowledged by Chromium and the close then dropped (crbug.com/536385539), so `page.close()` never returns and the browser opens no new tab after it.",
  ].join('\n'),
  '18': [
    "The hold guard (entrypoints/hold-guard.ts, document_start, every top frame) is part of the built extension measured here, so its load cost is in Linklens's \"at load\" figures: the page's DevTools session is enabled before the navigation, and a 40 ms busy script at document_start in the no-op's top frame adds 40 ms to its \"at load\" script time (checked when this was written). The no-op extension has an empty script at the same point, so both sides make the top frame's isolated world at the same moment, and what is left over is the guard's own work: its script and the listeners it adds. Once the person arrives, those listeners run on every key and focus of the page (Page Down included), each only asking whether its target is a password field.",
  ].join('\n'),
};
