import type { Insertable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { LivesTable } from './lives.table.ts';

/** A live with the observed state of its process. */
const columns = [
  'l.id', 'l.user_id', 'l.process_id', 'l.tipo', 'l.servidor_rtmp', 'l.chave', 'l.servidor_stm', 'l.created_at',
  'l.transmission_id', 'p.desired', 'p.start_at', 'p.end_at', 'p.state', 'p.error', 'p.error_code', 'p.error_values', 'p.started_at', 'p.ended_at', 'p.node_id',
] as const;

export function createLivesRepo() {
  const joined = (tx: Tx) => tx.selectFrom('lives as l').innerJoin('media_processes as p', 'p.id', 'l.process_id');
  /** Lives that still want to run: a platform of a broadcast that ended is over, even before the worker stops it. */
  const notOver = (tx: Tx) => joined(tx).leftJoin('transmissions as t', 't.id', 'p.transmission_id')
    .where('p.desired', '=', 'running').where((eb) => eb.or([eb('t.status', 'is', null), eb('t.status', '!=', 'ended')]));
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
    /** The account's lives not over yet (scheduled or running): their planned windows, for the plan's limits. */
    openWindows: (tx: Tx, userId: number) => notOver(tx).select(['p.id', 'p.start_at', 'p.end_at']).where('l.user_id', '=', userId).execute(),
    /**
     * For the worker, as the live `processId` is about to start: the account's other lives that
     * hold a place at `now` before it — due ones registered earlier, and later ones whose child
     * already runs — and the plan's limit. Earlier registrations win, so whatever order the rows
     * are taken up in, the same ones run.
     */
    async placesTaken(tx: Tx, userId: number, processId: number, now: string): Promise<{ taken: number; max: number }> {
      const r = await notOver(tx).select((eb) => eb.fn.countAll<number>().as('n'))
        .where('l.user_id', '=', userId).where('p.id', '!=', processId)
        .where('p.start_at', '<=', now).where((eb) => eb.or([eb('p.end_at', 'is', null), eb('p.end_at', '>', now)]))
        .where((eb) => eb.or([eb('p.id', '<', processId), eb('p.pid', 'is not', null)]))
        .executeTakeFirstOrThrow();
      const a = await tx.selectFrom('accounts').select('max_lives_ativas').where('id', '=', userId).executeTakeFirst();
      return { taken: Number(r.n), max: a?.max_lives_ativas ?? 0 };
    },
    /** What the worker needs to push a live: its row and the account's stream name. */
    byProcess: (tx: Tx, processId: number) =>
      joined(tx).innerJoin('accounts as a', 'a.id', 'l.user_id').select([...columns, 'a.usuario'])
        .where('l.process_id', '=', processId).executeTakeFirst(),
  };
}
export type LivesRepo = ReturnType<typeof createLivesRepo>;
export type LiveRow = NonNullable<Awaited<ReturnType<LivesRepo['byIdOfUser']>>>;
