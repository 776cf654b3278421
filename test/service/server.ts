/**
 * The local scanning service: a real HTTP server (node:http) on 127.0.0.1 implementing the 13
 * endpoints of ../shared/spec/url-scanning-service.md, with fault injection and a request log.
 * Tests: `const svc = await startService(); … await svc.stop();`. People: `npm run service`.
 * README.md (this folder) documents every shape the spec leaves open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { SCOPES } from './auth';
import { mergeFaults } from './faults';
import { handleRequest } from './pipeline';
import { createState, freshFaults, setBalance } from './state';
import { testTls } from './tls';
import type { ScanningService, ServiceOptions } from './types';

export type { Faults, IdMode, RequestLogEntry, ScanningService, ScanSummary, ServiceOptions } from './types';
export { RULES, verdictFor, XSS_PAYLOAD, SLOW_FACTOR, CATEGORY_BY_BAND } from './rules';
export type { Indicator, Rule, ScanResult, Verdict } from './rules';
export { DEFAULT_FAULTS, MALFORMED_BODY } from './faults';
export { SCOPES, type Scope } from './auth';
export { ROUTES } from './router';

export async function startService(opts: ServiceOptions = {}): Promise<ScanningService> {
  const state = createState(opts);
  const demo = state.keys.create('Demo key', SCOPES, opts.demoKey);
  const readOnly = state.keys.create(
    'Read-only key',
    SCOPES.filter((s) => s !== 'SCAN_WRITE'),
  );

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    handleRequest(state, req, res).catch((e: unknown) => {
      // Last resort: the pipeline already turns handler errors into 500s; this is for I/O errors.
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'internal_error', message: String(e) } }));
    });
  };
  // HTTP/2's compatibility API gives the handler request and response objects of the same shape.
  const server = opts.tls
    ? createSecureServer({ ...testTls(), allowHTTP1: true }, handler as never)
    : createServer(handler);
  const sessions = new Set<{ destroy(): void }>();
  server.on('session', (s: { destroy(): void; on(e: 'close', f: () => void): void }) => {
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    demoKey: demo.secret,
    readOnlyKey: readOnly.secret,
    log: state.log,
    clearLog: () => {
      state.log.length = 0; // same array: `svc.log` held by a test stays live
    },
    setFaults: (f) => {
      state.faults = mergeFaults(state.faults, f);
    },
    resetFaults: () => {
      state.faults = freshFaults();
    },
    setIdMode: (m) => {
      state.idMode = m;
    },
    setCredits: (n) => setBalance(state, n),
    getCredits: () => state.credits.balance,
    setProcessingDelay: (ms) => {
      state.processingDelayMs = Math.max(0, ms);
    },
    scans: () => state.scans.summaries(Date.now()),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const close of [...state.streams]) close();
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
        for (const s of sessions) s.destroy();
      }),
  };
}
