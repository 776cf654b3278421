// Reads the local scanning service's account state straight from its API (the test's view,
// independent of the extension): keys, settings.
import type { ScanningService } from '../../service/server';

async function get<T>(svc: ScanningService, path: string): Promise<T> {
  const res = await fetch(`${svc.baseUrl}${path}`, { headers: { Authorization: `Bearer ${svc.demoKey}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface ServiceKey {
  id: string;
  name: string | null;
  scopes: string[];
  createdAt: string;
}

/** GET /v1/api-keys/ with the demo key: the active keys (no secrets). */
export async function serviceKeys(svc: ScanningService): Promise<ServiceKey[]> {
  return (await get<{ data: ServiceKey[] }>(svc, '/v1/api-keys/')).data;
}

/** GET /v1/settings/ with the demo key. */
export function serviceSettings(svc: ScanningService): Promise<Record<string, unknown>> {
  return get<Record<string, unknown>>(svc, '/v1/settings/');
}
