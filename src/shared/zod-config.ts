/**
 * zod compiles fast parsers with `new Function` when it may; extension pages forbid eval (our
 * CSP), so zod's probe fails and Firefox reports a CSP violation. jitless skips the probe.
 * Imported first by the shared modules every context loads (protocol.ts, settings.ts).
 *
 * We use `zod/mini` (tree-shakable; issue 14 §2), which, unlike classic `zod`, loads no locale:
 * every issue would read "Invalid input". The options page shows a refused setting's first issue
 * (settings-store.ts `refused`), so the English texts classic zod gave are loaded here.
 */
// From zod's core: shared by `zod` and `zod/mini`, without pulling all of zod.
import { config } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';

config({ jitless: true, ...en() });
