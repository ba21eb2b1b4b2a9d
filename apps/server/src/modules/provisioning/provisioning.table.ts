import type { Generated, Selectable } from 'kysely';

/** A billing system's key (migration 015): only the hash of the key is kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** The visible part, `pk_<prefix>_…`. */
  prefix: string;
  /** SHA-256 (hex) of the whole key. */
  key_hash: string;
  /** null: the whole installation; else the reseller whose streamings the key manages. */
  revenda_id: number | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}
export type ApiKeyRow = Selectable<ApiKeysTable>;

/** The first answer of a call made with an Idempotency-Key (kept 24 h); status 0 while it runs. */
export interface ApiIdempotencyTable {
  key_id: number;
  idempotency_key: string;
  request_hash: string;
  status: number;
  body: string;
  created_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    api_keys: ApiKeysTable;
    api_idempotency: ApiIdempotencyTable;
  }
}
