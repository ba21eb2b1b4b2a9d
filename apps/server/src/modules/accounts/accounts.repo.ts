import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Suspension } from '@painel/contract';
import type { Db, Tx } from '../../platform/db.ts';
import type { AccountsTable } from './accounts.table.ts';

export type AccountRow = Selectable<AccountsTable>;

/** What a reseller's streamings hold of its pool. */
export interface PoolUse {
  count: number;
  viewers: number;
  storage: number;
  /** the highest bitrate of one of its streamings */
  bitrate: number;
}

export function createAccountsRepo() {
  return {
    byId: (tx: Tx, id: number) => tx.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst(),
    byEmailOrUsuario: (tx: Tx, ident: string) =>
      tx
        .selectFrom('accounts')
        .selectAll()
        .where((eb) => eb.or([eb('email', '=', ident), eb('usuario', '=', ident)]))
        .executeTakeFirst(),
    byEmail: (tx: Tx, email: string) => tx.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst(),
    list: (tx: Tx) => tx.selectFrom('accounts').selectAll().orderBy('id').execute(),
    /** The logins of these accounts (id → usuario). */
    loginsOf: async (tx: Tx, ids: number[]) =>
      new Map(ids.length === 0 ? [] : (await tx.selectFrom('accounts').select(['id', 'usuario']).where('id', 'in', ids).execute()).map((a) => [a.id, a.usuario])),
    byUsuario: (tx: Tx, usuario: string) => tx.selectFrom('accounts').selectAll().where('usuario', '=', usuario).executeTakeFirst(),
    /** Every account, newest first; `managed`: the operator's (every one but an operator), or a reseller's streamings. */
    listNewest: (tx: Tx, managed?: { resellerId: number | null }) => {
      let q = tx.selectFrom('accounts').selectAll().orderBy('id', 'desc');
      if (managed) q = managed.resellerId === null ? q.where('tipo', '!=', 'admin') : q.where('revenda_id', '=', managed.resellerId).where('tipo', '=', 'streaming');
      return q.execute();
    },
    /** The ids of a reseller's streamings (`suspended`: only those suspended now). */
    streamingIdsOf: async (tx: Tx, resellerId: number, suspended = false) => {
      let q = tx.selectFrom('accounts').select('id').where('revenda_id', '=', resellerId);
      if (suspended) q = q.where('suspension', '!=', 'active');
      return (await q.execute()).map((r) => r.id);
    },
    /**
     * A reseller's pool: its row and what its streamings hold (`except`: one of them left out,
     * whose plan is being replaced). `lock` locks the reseller's row for the rest of the
     * transaction first (a no-op UPDATE, as lockPlan does), so two requests never both see
     * room for the pool's last place. Undefined when there is no such account.
     */
    async pool(tx: Tx, resellerId: number, o: { lock?: boolean; except?: number } = {}): Promise<{ reseller: AccountRow; used: PoolUse } | undefined> {
      const reseller = o.lock
        ? await tx.updateTable('accounts').set((eb) => ({ max_streamings: eb.ref('max_streamings') })).where('id', '=', resellerId).returningAll().executeTakeFirst()
        : await tx.selectFrom('accounts').selectAll().where('id', '=', resellerId).executeTakeFirst();
      if (!reseller) return undefined;
      let q = tx.selectFrom('accounts')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('espectadores').as('viewers'),
          eb.fn.sum<number>('espaco').as('storage'), eb.fn.max<number>('bitrate').as('bitrate'),
        ])
        .where('revenda_id', '=', resellerId);
      if (o.except !== undefined) q = q.where('id', '!=', o.except);
      const r = await q.executeTakeFirstOrThrow();
      return { reseller, used: { count: Number(r.n), viewers: Number(r.viewers ?? 0), storage: Number(r.storage ?? 0), bitrate: Number(r.bitrate ?? 0) } };
    },
    /** Puts an account in a suspension state; every open session of it ends. */
    setSuspension: (tx: Tx, id: number, state: Suspension, at: string) =>
      tx.updateTable('accounts').set((eb) => ({ suspension: state, token_version: eb('token_version', '+', 1), updated_at: at }))
        .where('id', '=', id).execute(),
    /** Moves a reseller's streamings in state `from` to state `to`; their open sessions end. */
    moveStreamingsSuspension: (tx: Tx, resellerId: number, from: Suspension, to: Suspension, at: string) =>
      tx.updateTable('accounts').set((eb) => ({ suspension: to, token_version: eb('token_version', '+', 1), updated_at: at }))
        .where('revenda_id', '=', resellerId).where('suspension', '=', from).execute(),
    /** A new password hash; every open session of the account ends. */
    setPasswordHash: (tx: Tx, id: number, hash: string, at: string) =>
      tx.updateTable('accounts').set((eb) => ({ password_hash: hash, token_version: eb('token_version', '+', 1), updated_at: at }))
        .where('id', '=', id).execute(),
    /** The account's stream key secret, made (random) when it never had one; null for no such account. */
    async ensureStreamSecret(tx: Tx, id: number, fresh: string): Promise<string | null> {
      const read = async () => (await tx.selectFrom('accounts').select('stream_secret').where('id', '=', id).executeTakeFirst())?.stream_secret ?? null;
      const existing = await read();
      if (existing) return existing;
      await tx.updateTable('accounts').set({ stream_secret: fresh }).where('id', '=', id).where('stream_secret', 'is', null).execute();
      return read();
    },
    /**
     * Locks the account row for the rest of the transaction (a no-op UPDATE: serialises the
     * library's quota decisions) and reads the plan's storage in MB.
     */
    lockStorage: async (tx: Tx, id: number) =>
      (await tx.updateTable('accounts').set((eb) => ({ espaco: eb.ref('espaco') })).where('id', '=', id).returning('espaco').executeTakeFirst())?.espaco,
    /** Accounts per server (codigo_servidor → count). */
    async perServer(tx: Tx): Promise<Map<number, number>> {
      const rows = await tx.selectFrom('accounts').select((eb) => ['codigo_servidor', eb.fn.countAll<number>().as('n')])
        .where('codigo_servidor', 'is not', null).groupBy('codigo_servidor').execute();
      return new Map(rows.map((r) => [Number(r.codigo_servidor), Number(r.n)]));
    },
    /**
     * Deletes the account's row. Every module's table that names an account does so with a foreign
     * key ON DELETE CASCADE (declared in that module's migration), so the database removes the
     * modules' rows with it, in the same statement; only the audit log keeps its trace, by login.
     */
    remove: (tx: Tx, id: number) => tx.deleteFrom('accounts').where('id', '=', id).execute(),
    insert: (tx: Tx, row: Insertable<AccountsTable>) =>
      tx.insertInto('accounts').values(row).returningAll().executeTakeFirstOrThrow(),
    update: (tx: Tx, id: number, patch: Updateable<AccountsTable>) =>
      tx.updateTable('accounts').set(patch).where('id', '=', id).execute(),
    bumpTokenVersion: (tx: Tx, id: number, updatedAt: string) =>
      tx
        .updateTable('accounts')
        .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: updatedAt }))
        .where('id', '=', id)
        .execute(),
    countStreamingsOf: async (tx: Tx, revendaId: number) => {
      const r = await tx
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('revenda_id', '=', revendaId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /**
     * Locks the account's row for the rest of the transaction (a no-op UPDATE: SQLite has no
     * FOR UPDATE, and an UPDATE makes its transaction a writer at once there as well) and reads
     * its count limits; undefined when there is no such account.
     */
    lockPlan: (tx: Tx, id: number) =>
      tx.updateTable('accounts').set((eb) => ({ max_lives: eb.ref('max_lives') })).where('id', '=', id)
        .returning(['max_lives_ativas', 'max_lives', 'max_agendamentos']).executeTakeFirst(),
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
