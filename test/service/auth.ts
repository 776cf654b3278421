/**
 * API keys and scopes. Spec "Authentication": `Authorization: Bearer <API_KEY>`; SCAN_WRITE is
 * required to submit scans; the full key is shown once, at creation. The other scopes are ours
 * (README "Scopes"). Only a SHA-256 of each secret is kept, so neither the store nor the request
 * log can leak one.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { error, isObject, type JsonReply } from './http';

export const SCOPES = ['SCAN_WRITE', 'SCAN_READ', 'KEYS_ADMIN', 'CREDITS', 'SETTINGS'] as const;
export type Scope = (typeof SCOPES)[number];

export interface KeyRecord {
  id: string;
  name: string;
  scopes: Scope[];
  createdAt: string;
  revokedAt: string | null;
  secretHash: string;
}

/** A key as the API shows it: never the secret, never its hash. */
export interface PublicKey {
  id: string;
  name: string;
  scopes: Scope[];
  createdAt: string;
}

const hash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const newSecret = (): string => `llk_${randomBytes(24).toString('base64url')}`;

export function publicKey(k: KeyRecord): PublicKey {
  return { id: k.id, name: k.name, scopes: [...k.scopes], createdAt: k.createdAt };
}

export type AuthResult = { ok: true; key: KeyRecord } | { ok: false; reply: JsonReply };

export class KeyStore {
  private readonly byId = new Map<string, KeyRecord>();
  private readonly byHash = new Map<string, KeyRecord>();

  /** Create a key; the returned secret is the only copy (spec: "displayed only once"). */
  create(name: string, scopes: readonly Scope[], secret: string = newSecret()): { record: KeyRecord; secret: string } {
    const record: KeyRecord = {
      id: randomUUID(),
      name,
      scopes: [...new Set(scopes)],
      createdAt: new Date().toISOString(),
      revokedAt: null,
      secretHash: hash(secret),
    };
    this.byId.set(record.id, record);
    this.byHash.set(record.secretHash, record);
    return { record, secret };
  }

  /** Active keys, oldest first. */
  list(): PublicKey[] {
    return [...this.byId.values()].filter((k) => k.revokedAt === null).map(publicKey);
  }

  /** Revoke by id; null when unknown or already revoked (both answer 404). */
  revoke(id: string): KeyRecord | null {
    const k = this.byId.get(id.toLowerCase());
    if (!k || k.revokedAt !== null) return null;
    k.revokedAt = new Date().toISOString();
    return k;
  }

  /** 401 for a missing, malformed, unknown or revoked key. */
  authenticate(header: string | undefined): AuthResult {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!m?.[1])
      return {
        ok: false,
        reply: unauthorized(header ? 'Authorization must be "Bearer <API_KEY>".' : 'Missing API key.'),
      };
    const k = this.byHash.get(hash(m[1]));
    if (!k) return { ok: false, reply: unauthorized('Unknown API key.') };
    if (k.revokedAt !== null) return { ok: false, reply: unauthorized('This API key was revoked.') };
    return { ok: true, key: k };
  }
}

function unauthorized(message: string): JsonReply {
  return error(401, 'unauthorized', message, { 'WWW-Authenticate': 'Bearer realm="linklens-local"' });
}

export function forbidden(scope: Scope): JsonReply {
  return error(403, 'forbidden', `This API key lacks the ${scope} scope.`);
}

/**
 * Body of POST /v1/api-keys/ (spec: "declared without a type"). Accepts `{name?, scopes: [...]}`
 * or `{name?, scope: "..."}` (the spec says a key is created "with a scope").
 */
export function parseKeyRequest(
  body: unknown,
): { ok: true; name: string; scopes: Scope[] } | { ok: false; reply: JsonReply } {
  if (!isObject(body)) return { ok: false, reply: error(400, 'invalid_request', 'Body must be a JSON object.') };
  const name = body.name === undefined ? 'API key' : body.name;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 100) {
    return {
      ok: false,
      reply: error(400, 'invalid_request', '"name" must be a non-empty string of at most 100 characters.'),
    };
  }
  const raw = body.scopes !== undefined ? body.scopes : body.scope !== undefined ? [body.scope] : undefined;
  if (!Array.isArray(raw) || raw.length === 0) {
    return {
      ok: false,
      reply: error(400, 'invalid_request', `"scopes" must be a non-empty array of: ${SCOPES.join(', ')}.`),
    };
  }
  const bad = raw.find((s) => !(SCOPES as readonly unknown[]).includes(s));
  if (bad !== undefined) {
    return {
      ok: false,
      reply: error(400, 'invalid_request', `Unknown scope ${JSON.stringify(bad)}; known: ${SCOPES.join(', ')}.`),
    };
  }
  return { ok: true, name: name.trim(), scopes: raw as Scope[] };
}
