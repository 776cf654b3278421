/**
 * zod compiles fast parsers with `new Function` when it may; extension pages forbid eval (our
 * CSP), so zod's probe fails and Firefox reports a CSP violation. jitless skips the probe.
 * Imported first by the shared modules every context loads (protocol.ts, settings.ts).
 *
 * We use `zod/mini` (tree-shakable; docs/decisions/009-bundle-weight.md), which, unlike classic `zod`, loads no locale:
 * every issue's own text reads "Invalid input". Nothing shows those texts: a refused setting is
 * explained from the data, in the person's language (background/state/refusal.ts).
 */
// From zod's core: shared by `zod` and `zod/mini`, without pulling all of zod.
import { config } from 'zod/v4/core';

config({ jitless: true });
