/**
 * The public interface of the local scanning service (re-exported by server.ts, which is what
 * other test code imports). The shapes the spec leaves "not shown" are decided here and described
 * in README.md; they are one plausible service, not the only one a client must accept.
 */

/** Which form of a scan id the path parameter accepts (spec: returned prefixed, declared uuid). */
export type IdMode = 'bare' | 'prefixed' | 'both';

export interface Faults {
  /** Probability 0..1 of answering 429 (with Retry-After), before the handler runs. */
  rate429: number;
  retryAfterForm: 'seconds' | 'http-date';
  /** Seconds announced in Retry-After for 429 and 503. Default 1. */
  retryAfterSeconds: number;
  /** Probability of a 500, before the handler runs. */
  rate500: number;
  /** Probability of a 503 (with Retry-After), before the handler runs. */
  rate503: number;
  /** Probability that a 2xx JSON answer is replaced by `{bad json` (the handler DID run). */
  rateMalformed: number;
  /** Probability that a 2xx JSON answer is cut in half (the handler DID run). */
  rateTruncated: number;
  /** Extra delay before every response. */
  slowMs: number;
  /**
   * stall: first frame, then silence (no keep-alives), connection kept open;
   * drop: first frame, then half a frame and the socket is destroyed;
   * disabled: 404 for /events.
   */
  streamMode: 'normal' | 'stall' | 'drop' | 'disabled';
  /** Every scan created while set ends FAILED. */
  failScans: boolean;
  /** States reported between QUEUED and the terminal state (in GET and events), e.g. ['PROCESSING']. */
  intermediateStates: string[];
  /** Apply faults only to request paths starting with one of these (all when absent; an explicit undefined or null in setFaults removes it). */
  paths?: string[];
}

export interface RequestLogEntry {
  at: number;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Final status; 0 while the answer is not decided yet. */
  status: number;
  /** Id of the API key that authenticated, or null. NEVER the secret. */
  auth: string | null;
  idempotencyKey: string | null;
  /** Parsed JSON request body, the raw text when it was not JSON, or null when empty. */
  body: unknown;
  /** Request Content-Type header (added so clients can prove spec rule 3), or null. */
  contentType: string | null;
}

export interface ServiceOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Time from QUEUED to the terminal state. Default 300. */
  processingDelayMs?: number;
  /** Default 'both'. */
  idMode?: IdMode;
  /** Largest batch accepted by POST /v1/scans/batch. Default 50. */
  maxBatch?: number;
  /** Default 1000. */
  initialCredits?: number;
  /** Interval of `: keep-alive` comments on event streams. Default 2000. */
  keepAliveMs?: number;
  /** Seed of the fault RNG (so probabilistic faults repeat run to run). */
  seed?: number;
  /** Use this secret for the demo key instead of a random one (cli.ts --key). */
  demoKey?: string;
  /**
   * Serve HTTPS with HTTP/2 (ALPN h2; HTTP/1.1 still accepted) on the test-only certificate
   * (tls/README.md), as a real service behind TLS would. Default false: plain HTTP/1.1. The
   * `drop` stream fault destroys the socket, which over HTTP/2 ends every request of the session.
   */
  tls?: boolean;
}

export interface ScanSummary {
  id: string;
  url: string;
  state: string;
  createdAt: string;
  completedAt: string | null;
}

export interface ScanningService {
  /** http://127.0.0.1:PORT (https:// with `tls`) */
  baseUrl: string;
  /** Secret with every scope: SCAN_WRITE, SCAN_READ, KEYS_ADMIN, CREDITS, SETTINGS. */
  demoKey: string;
  /** Secret with every scope except SCAN_WRITE. */
  readOnlyKey: string;
  log: RequestLogEntry[];
  clearLog(): void;
  setFaults(f: Partial<Faults>): void;
  resetFaults(): void;
  setIdMode(m: IdMode): void;
  setCredits(n: number): void;
  getCredits(): number;
  setProcessingDelay(ms: number): void;
  /** Inspection: every scan, state computed now. */
  scans(): ScanSummary[];
  stop(): Promise<void>;
}
