import type { Insertable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { ApiIdempotencyTable, ApiKeysTable } from './provisioning.table.ts';

/** The API keys and the idempotency records of the calls made with them. */
export function createProvisioningRepo() {
  return {
    insertKey: (tx: Tx, row: Insertable<ApiKeysTable>) => tx.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow(),
    keys: (tx: Tx) => tx.selectFrom('api_keys').selectAll().orderBy('id', 'desc').execute(),
    keyById: (tx: Tx, id: number) => tx.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst(),
    keyByHash: (tx: Tx, hash: string) => tx.selectFrom('api_keys').selectAll().where('key_hash', '=', hash).executeTakeFirst(),
    /** Revokes a key not revoked yet (a second revocation keeps the first date). */
    revokeKey: (tx: Tx, id: number, at: string) =>
      tx.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute(),
    touchKey: (tx: Tx, id: number, at: string) => tx.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute(),

    /** Forgets the calls made before `before` (ISO). */
    pruneCalls: (tx: Tx, before: string) => tx.deleteFrom('api_idempotency').where('created_at', '<', before).execute(),
    /** Records a call as started (status 0); a unique violation when it was recorded already. */
    insertCall: (tx: Tx, row: Insertable<ApiIdempotencyTable>) => tx.insertInto('api_idempotency').values(row).execute(),
    call: (tx: Tx, keyId: number, idempotencyKey: string) =>
      tx.selectFrom('api_idempotency').selectAll().where('key_id', '=', keyId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst(),
    /** Forgets a call that has not answered (status 0). */
    deletePendingCall: (tx: Tx, keyId: number, idempotencyKey: string) =>
      tx.deleteFrom('api_idempotency').where('key_id', '=', keyId).where('idempotency_key', '=', idempotencyKey).where('status', '=', 0).execute(),
    answerCall: (tx: Tx, keyId: number, idempotencyKey: string, status: number, body: string) =>
      tx.updateTable('api_idempotency').set({ status, body }).where('key_id', '=', keyId).where('idempotency_key', '=', idempotencyKey).execute(),
  };
}
export type ProvisioningRepo = ReturnType<typeof createProvisioningRepo>;
