/**
 * Handlers for API keys (spec rows 1-3), credits (rows 10-11) and settings (rows 12-13). The spec
 * shows none of these shapes; README.md documents ours.
 */
import { parseKeyRequest, publicKey } from './auth';
import { error, isObject, json, type JsonReply } from './http';
import { setBalance, type Ctx } from './state';

const MAX_PURCHASE = 1_000_000;

/** POST /v1/api-keys/ {name, scopes} → 201 {id, name, scopes, createdAt, key} (the secret, once). */
export function createKey(ctx: Ctx): JsonReply {
  const parsed = parseKeyRequest(ctx.body);
  if (!parsed.ok) return parsed.reply;
  const { record, secret } = ctx.state.keys.create(parsed.name, parsed.scopes);
  return json(201, { ...publicKey(record), key: secret });
}

/** GET /v1/api-keys/ → {data: [{id, name, scopes, createdAt}]} (active keys, no secrets). */
export function listKeys(ctx: Ctx): JsonReply {
  return json(200, { data: ctx.state.keys.list() });
}

/** DELETE /v1/api-keys/{id} → 200 {id, revoked: true, revokedAt}; 404 unknown or already revoked. */
export function revokeKey(ctx: Ctx): JsonReply {
  const k = ctx.state.keys.revoke(ctx.params.id ?? '');
  if (!k) return error(404, 'not_found', 'No active API key with that id.');
  return json(200, { id: k.id, revoked: true, revokedAt: k.revokedAt });
}

/** GET /v1/credits/ → {balance, currency, updatedAt}. */
export function getCredits(ctx: Ctx): JsonReply {
  return json(200, { balance: ctx.state.credits.balance, currency: 'credits', updatedAt: ctx.state.credits.updatedAt });
}

/** POST /v1/credits/purchase {amount} → {balance, purchased}; amount a positive integer. */
export function purchaseCredits(ctx: Ctx): JsonReply {
  const amount = isObject(ctx.body) ? ctx.body.amount : undefined;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > MAX_PURCHASE) {
    return error(400, 'invalid_request', `"amount" must be an integer from 1 to ${MAX_PURCHASE}.`);
  }
  setBalance(ctx.state, ctx.state.credits.balance + amount);
  return json(200, {
    balance: ctx.state.credits.balance,
    purchased: amount,
    currency: 'credits',
    updatedAt: ctx.state.credits.updatedAt,
  });
}

/** GET /v1/settings/ → the stored record. */
export function getSettings(ctx: Ctx): JsonReply {
  return json(200, structuredClone(ctx.state.settings));
}

/** PUT /v1/settings/ → replaces the record with any JSON object, returns what was saved. */
export function putSettings(ctx: Ctx): JsonReply {
  if (!isObject(ctx.body)) return error(400, 'invalid_request', 'Settings must be a JSON object.');
  ctx.state.settings = structuredClone(ctx.body);
  return json(200, structuredClone(ctx.state.settings));
}
