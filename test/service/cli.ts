/**
 * `npm run service` (tsx test/service/cli.ts [--port N] [--delay MS] [--key SECRET]):
 * starts the local scanning service, prints its base URL and demo key, runs until Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { startService } from './server';

function num(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number ≥ 0, got ${JSON.stringify(v)}`);
    process.exit(2);
  }
  return n;
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    delay: { type: 'string' },
    key: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log('Usage: npm run service -- [--port 8787] [--delay 300] [--key <demo secret>]');
  process.exit(0);
}

const svc = await startService({
  port: num('port', values.port, 8787),
  processingDelayMs: num('delay', values.delay, 300),
  ...(values.key ? { demoKey: values.key } : {}),
});

// Printed on purpose: this is a throwaway key of a local test server, and people need it to
// configure the extension. Lines are stable so scripts can parse them.
console.log(`Linklens local scanning service`);
console.log(`BASE_URL=${svc.baseUrl}`);
console.log(`DEMO_KEY=${svc.demoKey}`);
console.log(`READ_ONLY_KEY=${svc.readOnlyKey}`);
console.log(`Control API: ${svc.baseUrl}/__control/  (no key; faults, credits, id-mode, delay, log, reset)`);
console.log('Press Ctrl-C to stop.');

const shutdown = (): void => {
  void svc.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
