import type { Tx } from '../../platform/db.ts';

export function createActivityRepo() {
  return {
    insert: (tx: Tx, row: { user_id: number; tipo: string; detalhe: string; created_at: string }) =>
      tx.insertInto('account_events').values(row).execute(),
    lastOfType: (tx: Tx, userId: number, tipo: string) =>
      tx
        .selectFrom('account_events')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('tipo', '=', tipo)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    recent: (tx: Tx, userId: number, limit: number) =>
      tx
        .selectFrom('account_events')
        .select(['id', 'tipo', 'detalhe', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
  };
}
export type ActivityRepo = ReturnType<typeof createActivityRepo>;
