import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyInfo } from '@painel/contract';
import { isUniqueViolation, nowIso, type Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { createProvisioningRepo } from './provisioning.repo.ts';
import type { ApiKeyRow } from './provisioning.table.ts';

/** `pk_<8 hex>_<43 base64url>`: the prefix names the key in lists, the secret is 256 random bits. */
const KEY_RE = /^pk_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;
export const IDEMPOTENCY_KEEP_MS = 24 * 3600_000;
/** A first call that never finished (its process died) no longer blocks its retries after this. */
const PENDING_STALE_MS = 5 * 60_000;
const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,255}$/;

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The first answer of a call, replayed to its retries. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/**
 * The operator's API keys and the idempotency of the calls made with them. A key is answered
 * once; only its hash is stored, so a lost key is revoked and a new one made.
 */
export function createApiKeysService(deps: { db: Db; accounts: AccountsService }) {
  const { db, accounts } = deps;
  const repo = createProvisioningRepo();

  async function info(row: ApiKeyRow, logins?: Map<number, string>): Promise<ApiKeyInfo> {
    let revenda: string | null = null;
    if (row.revenda_id !== null) revenda = logins?.get(row.revenda_id) ?? (await accounts.byId(row.revenda_id))?.usuario ?? null;
    return {
      id: row.id, name: row.name, prefix: row.prefix, revenda, revenda_id: row.revenda_id,
      created_at: row.created_at, last_used_at: row.last_used_at, revoked_at: row.revoked_at,
    };
  }

  return {
    /** A new key; `secret` is the whole key, shown this once. `revenda`: a reseller's login or e-mail. */
    async create(input: { name: string; revenda?: string | undefined }): Promise<{ key: ApiKeyInfo; secret: string }> {
      const name = input.name.trim();
      if (name.length < 1 || name.length > 64) throw new AppError('api_key_name_invalid');
      let revendaId: number | null = null;
      if (input.revenda?.trim()) {
        const r = await accounts.byLogin(input.revenda);
        if (!r || r.tipo !== 'revenda') throw new AppError('reseller_not_found');
        revendaId = r.id;
      }
      for (;;) {
        const prefix = randomBytes(4).toString('hex');
        const secret = `pk_${prefix}_${randomBytes(32).toString('base64url')}`;
        try {
          const row = await repo.insertKey(db, { name, prefix, key_hash: hashKey(secret), revenda_id: revendaId, created_at: nowIso(), last_used_at: null, revoked_at: null });
          return { key: await info(row), secret };
        } catch (e) {
          // another key has this prefix (1 in 4 billion): draw again
          if (!isUniqueViolation(e)) throw e;
        }
      }
    },

    async list(): Promise<ApiKeyInfo[]> {
      const rows = await repo.keys(db);
      const ids = [...new Set(rows.flatMap((r) => (r.revenda_id === null ? [] : [r.revenda_id])))];
      const logins = await accounts.loginsOf(ids);
      return Promise.all(rows.map((r) => info(r, logins)));
    },

    /** Revokes a key (at once: its next call is 401); revoking twice keeps the first date. */
    async revoke(id: number): Promise<ApiKeyInfo> {
      await repo.revokeKey(db, id, nowIso());
      const row = await repo.keyById(db, id);
      if (!row) throw new AppError('api_key_not_found');
      return info(row);
    },

    /** The key a request carries, recording its use; unknown, malformed or revoked: 401. */
    async authenticate(key: string | undefined): Promise<ApiKeyRow> {
      if (!key || !KEY_RE.test(key)) throw new AppError('api_key_invalid');
      const row = await repo.keyByHash(db, hashKey(key));
      if (!row || row.revoked_at !== null) throw new AppError('api_key_invalid');
      const now = nowIso();
      await repo.touchKey(db, row.id, now);
      return { ...row, last_used_at: now };
    },

    /**
     * Runs a call once per (key, Idempotency-Key): the first call's successful answer is stored
     * and replayed to every retry for 24 hours. A failed call stores nothing (it changed nothing),
     * so its retry runs again. The same Idempotency-Key with another request is refused, and so
     * is a retry while the first call still runs.
     */
    async once(keyId: number, idempotencyKey: string | undefined, request: string, run: () => Promise<StoredAnswer>): Promise<StoredAnswer & { replayed: boolean }> {
      if (idempotencyKey === undefined) return { ...(await run()), replayed: false };
      if (!IDEMPOTENCY_KEY_RE.test(idempotencyKey)) throw new AppError('idempotency_key_invalid');
      const requestHash = hashKey(request);
      const now = Date.now();
      await repo.pruneCalls(db, new Date(now - IDEMPOTENCY_KEEP_MS).toISOString());
      const where = { key_id: keyId, idempotency_key: idempotencyKey };
      for (let attempt = 0; ; attempt++) {
        try {
          await repo.insertCall(db, { ...where, request_hash: requestHash, status: 0, body: '', created_at: new Date(now).toISOString() });
          break;
        } catch (e) {
          if (!isUniqueViolation(e) || attempt > 0) throw e;
        }
        const first = await repo.call(db, keyId, idempotencyKey);
        if (!first) continue;
        if (first.request_hash !== requestHash) throw new AppError('idempotency_key_reused');
        if (first.status !== 0) return { status: first.status, body: JSON.parse(first.body), replayed: true };
        if (Date.parse(first.created_at) > now - PENDING_STALE_MS) throw new AppError('idempotency_in_progress');
        // the first call's process died before answering: this retry takes its place
        await repo.deletePendingCall(db, keyId, idempotencyKey);
      }
      const release = () => repo.deletePendingCall(db, keyId, idempotencyKey);
      let answer: StoredAnswer;
      try {
        answer = await run();
      } catch (e) {
        await release();
        throw e;
      }
      await repo.answerCall(db, keyId, idempotencyKey, answer.status, JSON.stringify(answer.body));
      return { ...answer, replayed: false };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
