// Security checks on a built manifest.json (docs/decisions/018-tests.md: "Extension CSP has no unsafe-eval or remote
// sources; web-accessible resources are the minimum with use_dynamic_url where available").
// Pure: each function returns the problems found, [] when there are none.
//
//   cspProblems("script-src 'self'; object-src 'self'")                 → []
//   cspProblems("script-src 'self' 'unsafe-eval'")                      → ["'unsafe-eval' in script-src"]
//   cspProblems("script-src 'self' 'unsafe-inline'")                    → ["'unsafe-inline' in script-src"]
//   cspProblems("script-src 'self' https://cdn.example")                → ["remote source https://cdn.example in script-src"]
//   cspProblems("default-src *")                                        → ["remote source * in default-src"]
//   cspProblems("script-src 'self' data:")                              → ["data: in script-src"]

/** directive → its sources, lower-cased directive names (CSP3 section 2.2). */
export function parseCsp(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    // The first occurrence of a directive wins (CSP3 2.2.1); later repeats are ignored.
    if (name && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), sources);
  }
  return out;
}

/** Schemes whose sources load code from outside the extension package. */
const REMOTE_SCHEMES = /^(https?|wss?|ftp):/i;

/** A host-source ("cdn.example", "*.example.com", "*", "https://x") rather than a keyword or 'self'. */
function isRemoteSource(source: string): boolean {
  if (source.startsWith("'")) return false; // 'self', 'none', 'nonce-…', 'sha256-…', keywords
  if (source === '*' || REMOTE_SCHEMES.test(source)) return true;
  return /^[*a-z0-9-]+(\.[a-z0-9-]+)+(:\d+|:\*)?(\/.*)?$/i.test(source);
}

export function cspProblems(policy: string): string[] {
  const csp = parseCsp(policy);
  const problems: string[] = [];
  // script-src falls back to default-src when absent (CSP3 6.1.1 "script-src").
  const scriptDirective = csp.has('script-src') ? 'script-src' : csp.has('default-src') ? 'default-src' : null;
  if (!scriptDirective) problems.push('no script-src or default-src');
  for (const [directive, sources] of csp) {
    for (const source of sources) {
      const s = source.toLowerCase();
      if (s === "'unsafe-eval'") problems.push(`'unsafe-eval' in ${directive}`);
      if (isRemoteSource(source)) problems.push(`remote source ${source} in ${directive}`);
    }
  }
  for (const source of (scriptDirective && csp.get(scriptDirective)) || []) {
    const s = source.toLowerCase();
    if (s === "'unsafe-inline'") problems.push(`'unsafe-inline' in ${scriptDirective}`);
    if (s === 'data:' || s === 'blob:') problems.push(`${s} in ${scriptDirective}`);
  }
  return problems;
}

export interface WebAccessibleEntry {
  resources?: string[];
  matches?: string[];
  extension_ids?: string[];
  use_dynamic_url?: boolean;
}

/**
 * Web-accessible resources must be on the allowed list (each with its reason, given by the
 * caller), reachable only from web pages (http/https), not from other extensions, and on
 * Chromium use a dynamic URL, so a page cannot probe for the extension by a fixed URL.
 * Firefox already gives every install a random moz-extension:// origin.
 */
export function webAccessibleProblems(
  entries: readonly WebAccessibleEntry[] | undefined,
  allowed: Readonly<Record<string, string>>,
  browser: 'chromium' | 'firefox',
): string[] {
  const problems: string[] = [];
  for (const [i, e] of (entries ?? []).entries()) {
    for (const r of e.resources ?? [])
      if (!(r in allowed)) problems.push(`entry ${i}: resource ${r} is not on the allowed list`);
    for (const m of e.matches ?? [])
      if (!/^https?:\/\//.test(m)) problems.push(`entry ${i}: matches ${m} reaches beyond web pages`);
    if (e.extension_ids?.length)
      problems.push(`entry ${i}: exposed to other extensions (${e.extension_ids.join(', ')})`);
    if (browser === 'chromium' && e.use_dynamic_url !== true) problems.push(`entry ${i}: no use_dynamic_url`);
  }
  return problems;
}
