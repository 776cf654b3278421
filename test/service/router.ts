/**
 * The 13 endpoints of the spec ("Endpoints" table), each with the scope it requires. Only
 * SCAN_WRITE is named by the spec (rows 4-5); the others are ours (README "Scopes").
 * Paths match with or without the trailing slash the spec gives.
 */
import type { Scope } from './auth';
import {
  createKey,
  getCredits,
  getSettings,
  listKeys,
  purchaseCredits,
  putSettings,
  revokeKey,
} from './account-handlers';
import { streamEvents } from './events';
import type { Reply } from './http';
import { createBatch, createScan, getScan, listScans, scanAnalytics } from './scan-handlers';
import type { Ctx } from './state';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Spec path; `:id` marks the path parameter. */
  path: string;
  scope: Scope;
  handler: (ctx: Ctx) => Reply;
}

export const ROUTES: readonly Route[] = [
  { method: 'POST', path: '/v1/api-keys/', scope: 'KEYS_ADMIN', handler: createKey },
  { method: 'GET', path: '/v1/api-keys/', scope: 'KEYS_ADMIN', handler: listKeys },
  { method: 'DELETE', path: '/v1/api-keys/:id', scope: 'KEYS_ADMIN', handler: revokeKey },
  { method: 'POST', path: '/v1/scans/', scope: 'SCAN_WRITE', handler: createScan },
  { method: 'POST', path: '/v1/scans/batch', scope: 'SCAN_WRITE', handler: createBatch },
  { method: 'GET', path: '/v1/scans/', scope: 'SCAN_READ', handler: listScans },
  { method: 'GET', path: '/v1/scans/:id', scope: 'SCAN_READ', handler: getScan },
  { method: 'GET', path: '/v1/scans/:id/events', scope: 'SCAN_READ', handler: streamEvents },
  { method: 'GET', path: '/v1/scans/:id/analytics', scope: 'SCAN_READ', handler: scanAnalytics },
  { method: 'GET', path: '/v1/credits/', scope: 'CREDITS', handler: getCredits },
  { method: 'POST', path: '/v1/credits/purchase', scope: 'CREDITS', handler: purchaseCredits },
  { method: 'GET', path: '/v1/settings/', scope: 'SETTINGS', handler: getSettings },
  { method: 'PUT', path: '/v1/settings/', scope: 'SETTINGS', handler: putSettings },
];

const segments = (p: string): string[] => p.split('/').filter((s) => s !== '');

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Params when `path` fits the route's path (literal segments win over `:id` by table order). */
function fit(routePath: string, path: string): Record<string, string> | null {
  const want = segments(routePath);
  const got = segments(path);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) params[w.slice(1)] = decode(g);
    else if (w !== g) return null;
  }
  return params;
}

export type Match =
  | { kind: 'route'; route: Route; params: Record<string, string> }
  | { kind: 'method'; allow: string[] }
  | { kind: 'none' };

export function match(method: string, path: string): Match {
  const allow: string[] = [];
  // Literal routes first so /v1/scans/batch is never read as a scan id.
  const ordered = [...ROUTES].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));
  for (const route of ordered) {
    const params = fit(route.path, path);
    if (!params) continue;
    if (route.method === method) return { kind: 'route', route, params };
    allow.push(route.method);
  }
  return allow.length > 0 ? { kind: 'method', allow: [...new Set(allow)] } : { kind: 'none' };
}
