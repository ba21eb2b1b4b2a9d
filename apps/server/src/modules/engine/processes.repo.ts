import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { MediaProcessesTable } from './engine.table.ts';

export type ProcessRow = Selectable<MediaProcessesTable>;
export type ObservedPatch = Pick<Updateable<MediaProcessesTable>, 'state' | 'error' | 'pid' | 'restarts' | 'state_at' | 'started_at' | 'ended_at' | 'desired'>;

/** Rows of the media engine: desired state from the API, observed state from the worker. */
export function createProcessesRepo() {
  return {
    insert: (tx: Tx, row: Insertable<MediaProcessesTable>) =>
      tx.insertInto('media_processes').values(row).returningAll().executeTakeFirstOrThrow(),
    /** What a worker has to look at: every row of its node that should run or may still have a child. */
    ofNode: (tx: Tx, nodeId: number) =>
      tx.selectFrom('media_processes as p').innerJoin('accounts as a', 'a.id', 'p.user_id')
        .leftJoin('transmissions as t', 't.id', 'p.transmission_id')
        .selectAll('p').select(['a.suspension', 't.status as transmission_status'])
        .where('p.node_id', '=', nodeId)
        .where((eb) => eb.or([eb('p.desired', '=', 'running'), eb('p.pid', 'is not', null)]))
        .orderBy('p.id').execute(),
    /** Rows of the node that recorded a child: after a crash those children may still run. */
    withPid: (tx: Tx, nodeId: number) =>
      tx.selectFrom('media_processes').select(['id', 'pid']).where('node_id', '=', nodeId).where('pid', 'is not', null).execute(),
    /** Rejects while the database cannot be reached. */
    ping: async (tx: Tx): Promise<void> => void (await sql`select 1`.execute(tx)),
    observe: (tx: Tx, id: number, patch: ObservedPatch) =>
      tx.updateTable('media_processes').set(patch).where('id', '=', id).execute(),
    /** Sets the desired state of a row of the user; returns whether it existed. */
    async setDesired(tx: Tx, userId: number, id: number, patch: Pick<Updateable<MediaProcessesTable>, 'desired' | 'end_at' | 'state' | 'state_at' | 'ended_at'>) {
      const r = await tx.updateTable('media_processes').set(patch).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    deleteOfUser: (tx: Tx, userId: number, id: number) =>
      tx.deleteFrom('media_processes').where('id', '=', id).where('user_id', '=', userId).execute(),
  };
}
export type ProcessesRepo = ReturnType<typeof createProcessesRepo>;
