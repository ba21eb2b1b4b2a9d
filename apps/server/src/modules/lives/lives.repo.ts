import type { Insertable } from 'kysely';
import type { LivesTable, Tx } from '../../platform/db.ts';

/** A live with the observed state of its process. */
const columns = [
  'l.id', 'l.user_id', 'l.process_id', 'l.tipo', 'l.servidor_rtmp', 'l.chave', 'l.servidor_stm', 'l.created_at',
  'l.transmission_id', 'p.desired', 'p.start_at', 'p.end_at', 'p.state', 'p.error', 'p.started_at', 'p.ended_at', 'p.node_id',
] as const;

export function createLivesRepo() {
  const joined = (tx: Tx) => tx.selectFrom('lives as l').innerJoin('media_processes as p', 'p.id', 'l.process_id');
  return {
    insert: (tx: Tx, row: Insertable<LivesTable>) => tx.insertInto('lives').values(row).returningAll().executeTakeFirstOrThrow(),
    ofUser: (tx: Tx, userId: number) => joined(tx).select(columns).where('l.user_id', '=', userId).orderBy('l.id', 'desc').execute(),
    byIdOfUser: (tx: Tx, userId: number, id: number) =>
      joined(tx).select(columns).where('l.user_id', '=', userId).where('l.id', '=', id).executeTakeFirst(),
    /** The platform's most recently registered live: its server and key are the account's configuration of it. */
    latestOfType: (tx: Tx, userId: number, tipo: string) =>
      tx.selectFrom('lives').selectAll().where('user_id', '=', userId).where('tipo', '=', tipo).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    ofTransmission: (tx: Tx, userId: number, transmissionId: number) =>
      joined(tx).select(columns).where('l.user_id', '=', userId).where('l.transmission_id', '=', transmissionId).execute(),
    /** What the worker needs to push a live: its row and the account's stream name. */
    byProcess: (tx: Tx, processId: number) =>
      joined(tx).innerJoin('accounts as a', 'a.id', 'l.user_id').select([...columns, 'a.usuario'])
        .where('l.process_id', '=', processId).executeTakeFirst(),
  };
}
export type LivesRepo = ReturnType<typeof createLivesRepo>;
export type LiveRow = NonNullable<Awaited<ReturnType<LivesRepo['byIdOfUser']>>>;
