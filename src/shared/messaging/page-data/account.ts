/** Reply data of our pages' account requests: what the service holds for the key (credits, keys, account settings). */

/** Readable key/value data for shapes the spec does not show (credits, settings, analytics, keys). */
export type LooseRecord = Record<string, unknown>;

export interface CreditsData {
  balance: number | null;
  raw: LooseRecord;
}
export interface ApiKeyData {
  id: string;
  name: string | null;
  scopes: string[];
  createdAt: string | null;
  raw: LooseRecord;
}
/** `keys.create`: the secret is present exactly once, in this reply. */
export interface CreatedKeyData extends ApiKeyData {
  secret: string | null;
}

/** `connection.test` outcomes. */
export type ConnectionTestData =
  | { outcome: 'connected'; balance: number | null; canScan: boolean }
  | {
      outcome: 'key_rejected' | 'missing_scope' | 'unreachable' | 'not_https' | 'invalid_url' | 'bad_response';
      message: string;
    }
  /** The key field was empty and the stored key belongs to another origin: nothing was sent. */
  | { outcome: 'key_for_other_service'; message: string; keyOrigin: string | null; serviceOrigin: string | null };
