/**
 * The mutable state of one running service and the context every handler receives. One object,
 * so the control API, the test handle (server.ts) and the handlers all change the same thing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { KeyStore, type KeyRecord } from './auth';
import { createRng, DEFAULT_FAULTS } from './faults';
import { ScanStore } from './scans';
import type { Faults, IdMode, RequestLogEntry, ServiceOptions } from './types';
import type { JsonReply } from './http';

export interface ServiceState {
  readonly initial: Required<Omit<ServiceOptions, 'demoKey' | 'seed' | 'port' | 'tls'>>;
  keys: KeyStore;
  scans: ScanStore;
  credits: { balance: number; updatedAt: string };
  settings: Record<string, unknown>;
  idMode: IdMode;
  processingDelayMs: number;
  maxBatch: number;
  keepAliveMs: number;
  faults: Faults;
  rng: () => number;
  log: RequestLogEntry[];
  /** Stored 2xx answers by `keyId method path idempotencyKey`, with the request body they answered. */
  idempotency: Map<string, { bodyText: string; reply: JsonReply }>;
  /** Closers of open event streams (stop() and reset end them). */
  streams: Set<() => void>;
}

export interface Ctx {
  state: ServiceState;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  body: unknown;
  key: KeyRecord;
  now: number;
}

export function defaultSettings(): Record<string, unknown> {
  return {
    account: { name: 'Demo Account', email: 'demo@example.test' },
    domains: { allow: [], block: [] },
    notifications: { email: false, weeklyReport: false, webhookUrl: null },
    retentionDays: 30,
  };
}

export function freshFaults(): Faults {
  return { ...DEFAULT_FAULTS, intermediateStates: [] };
}

export function createState(opts: ServiceOptions): ServiceState {
  const initial = {
    processingDelayMs: opts.processingDelayMs ?? 300,
    idMode: opts.idMode ?? 'both',
    maxBatch: opts.maxBatch ?? 50,
    initialCredits: opts.initialCredits ?? 1000,
    keepAliveMs: opts.keepAliveMs ?? 2000,
  } as const;
  return {
    initial,
    keys: new KeyStore(),
    scans: new ScanStore(),
    credits: { balance: initial.initialCredits, updatedAt: new Date().toISOString() },
    settings: defaultSettings(),
    idMode: initial.idMode,
    processingDelayMs: initial.processingDelayMs,
    maxBatch: initial.maxBatch,
    keepAliveMs: initial.keepAliveMs,
    faults: freshFaults(),
    rng: createRng(opts.seed ?? 0x11e115),
    log: [],
    idempotency: new Map(),
    streams: new Set(),
  };
}

/** Back to the starting point for everything but keys (control API `reset`). */
export function resetState(s: ServiceState): void {
  for (const close of [...s.streams]) close();
  s.scans.clear();
  s.credits = { balance: s.initial.initialCredits, updatedAt: new Date().toISOString() };
  s.settings = defaultSettings();
  s.idMode = s.initial.idMode;
  s.processingDelayMs = s.initial.processingDelayMs;
  s.faults = freshFaults();
  s.log.length = 0;
  s.idempotency.clear();
}

export function setBalance(s: ServiceState, n: number): void {
  s.credits = { balance: Math.max(0, Math.floor(n)), updatedAt: new Date().toISOString() };
}
