/**
 * zod compiles fast parsers with `new Function` when it may; extension pages forbid eval (our
 * CSP), so zod's probe fails and Firefox reports a CSP violation. jitless skips the probe.
 * Imported first by the shared modules every context loads (protocol.ts, settings.ts).
 */
// From zod's core: shared by `zod` and `zod/mini` (content scripts), without pulling all of zod.
import { config } from 'zod/v4/core';

config({ jitless: true });
