import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { AccountsTable } from './accounts.table.ts';

export type AccountRow = Selectable<AccountsTable>;

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
