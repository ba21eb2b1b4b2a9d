import type { Insertable, Selectable, Updateable } from 'kysely';
import type { MediaProcessesTable, Tx } from '../../platform/db.ts';

export type ProcessRow = Selectable<MediaProcessesTable>;
export type ObservedPatch = Pick<Updateable<MediaProcessesTable>, 'state' | 'error' | 'pid' | 'restarts' | 'state_at' | 'started_at' | 'ended_at' | 'desired'>;

/** The kinds that publish into the account's own channel, one at a time, and give way to OBS. */
export const CHANNEL_KINDS = ['playout', 'relay'] as const satisfies readonly ProcessRow['kind'][];

/** Rows of the media engine: desired state from the API, observed state from the worker. */
export function createProcessesRepo() {
  return {
    insert: (tx: Tx, row: Insertable<MediaProcessesTable>) =>
      tx.insertInto('media_processes').values(row).returningAll().executeTakeFirstOrThrow(),
    /** What a worker has to look at: every row of its node that should run or may still have a child. */
    ofNode: (tx: Tx, nodeId: number) =>
      tx.selectFrom('media_processes as p').innerJoin('accounts as a', 'a.id', 'p.user_id')
        .leftJoin('transmissions as t', 't.id', 'p.transmission_id')
        .selectAll('p').select(['a.disabled', 't.status as transmission_status'])
        .where('p.node_id', '=', nodeId)
        .where((eb) => eb.or([eb('p.desired', '=', 'running'), eb('p.pid', 'is not', null)]))
        .orderBy('p.id').execute(),
    /** Rows of the node that recorded a child: after a crash those children may still run. */
    withPid: (tx: Tx, nodeId: number) =>
      tx.selectFrom('media_processes').select(['id', 'pid']).where('node_id', '=', nodeId).where('pid', 'is not', null).execute(),
    observe: (tx: Tx, id: number, patch: ObservedPatch) =>
      tx.updateTable('media_processes').set(patch).where('id', '=', id).execute(),
    /** Sets the desired state of a row of the user; returns whether it existed. */
    async setDesired(tx: Tx, userId: number, id: number, patch: Pick<Updateable<MediaProcessesTable>, 'desired' | 'end_at' | 'state' | 'state_at' | 'ended_at'>) {
      const r = await tx.updateTable('media_processes').set(patch).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    deleteOfUser: (tx: Tx, userId: number, id: number) =>
      tx.deleteFrom('media_processes').where('id', '=', id).where('user_id', '=', userId).execute(),

    /** The account's channel sources that should run (held or not), newest first. */
    channelOfUser: (tx: Tx, userId: number) =>
      tx.selectFrom('media_processes').select(['id', 'kind', 'held', 'transmission_id']).where('user_id', '=', userId)
        .where('kind', 'in', CHANNEL_KINDS).where('desired', '=', 'running').orderBy('id', 'desc').execute(),
    /** Holds (OBS took the channel) or releases the account's channel sources. */
    setHeld: (tx: Tx, userId: number, held: boolean) =>
      tx.updateTable('media_processes').set({ held: held ? 1 : 0 }).where('user_id', '=', userId).where('kind', 'in', CHANNEL_KINDS)
        .where('desired', '=', 'running').execute(),
    /** Channel sources whose process no longer runs (stopped, failed): their transmissions end. */
    orphanTransmissions: (tx: Tx, nodeId: number) =>
      tx.selectFrom('media_processes as p').innerJoin('transmissions as t', 't.id', 'p.transmission_id')
        .select(['t.id', 't.user_id', 't.titulo', 't.stream_name', 't.status', 'p.error'])
        .where('p.node_id', '=', nodeId).where('p.kind', 'in', CHANNEL_KINDS).where('p.desired', '=', 'stopped')
        .where('t.status', '!=', 'ended').execute(),
    /** Held channel sources of the node whose account has no OBS broadcast live (an OBS that never came in). */
    staleHolds: (tx: Tx, nodeId: number, before: string) =>
      tx.selectFrom('media_processes as p').select(['p.id', 'p.user_id'])
        .where('p.node_id', '=', nodeId).where('p.kind', 'in', CHANNEL_KINDS).where('p.desired', '=', 'running').where('p.held', '=', 1)
        .where('p.state_at', '<', before)
        .where(({ not, exists, selectFrom }) => not(exists(
          selectFrom('transmissions as t').select('t.id').whereRef('t.user_id', '=', 'p.user_id').where('t.tipo', '=', 'obs').where('t.status', '=', 'live'),
        ))).execute(),
  };
}
export type ProcessesRepo = ReturnType<typeof createProcessesRepo>;
