import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { ChildKind, MediaProcessesTable } from './engine.table.ts';

export type ProcessRow = Selectable<MediaProcessesTable>;
export type ObservedPatch = Pick<Updateable<MediaProcessesTable>, 'state' | 'error' | 'error_code' | 'error_values' | 'pid' | 'restarts' | 'state_at' | 'started_at' | 'ended_at' | 'desired'>;

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
    /** Every row, counted by kind and observed state (every node). */
    countsByKindState: async (tx: Tx) =>
      (await tx.selectFrom('media_processes').select((eb) => ['kind', 'state', eb.fn.countAll().as('n')]).groupBy(['kind', 'state']).execute())
        .map((r) => ({ kind: r.kind, state: r.state, n: Number(r.n) })),
    /** The restarts of the rows now in the table, summed by kind (every node). */
    restartsByKind: async (tx: Tx) =>
      (await tx.selectFrom('media_processes').select((eb) => ['kind', eb.fn.sum<number | string>('restarts').as('r')]).groupBy('kind').execute())
        .map((r) => ({ kind: r.kind, restarts: Number(r.r ?? 0) })),
    /** The account's rows that should run (running or still to start). */
    runningOfUser: async (tx: Tx, userId: number): Promise<number[]> =>
      (await tx.selectFrom('media_processes').select('id').where('user_id', '=', userId).where('desired', '=', 'running').orderBy('id').execute())
        .map((r) => r.id),
    /** Of the account's rows given, those stopped since, with whether they are held. */
    stoppedOfUser: (tx: Tx, userId: number, ids: readonly number[]) =>
      tx.selectFrom('media_processes').select(['id', 'held']).where('user_id', '=', userId).where('id', 'in', [...ids])
        .where('desired', '=', 'stopped').execute(),
    /** A stopped row wanted again; false when it is no longer stopped. */
    async rerun(tx: Tx, id: number, patch: Pick<Updateable<MediaProcessesTable>, 'state' | 'error' | 'error_code' | 'error_values' | 'state_at' | 'ended_at'>) {
      const r = await tx.updateTable('media_processes').set({ ...patch, desired: 'running' }).where('id', '=', id).where('desired', '=', 'stopped').executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** Every row of the account now names this node (its worker takes them up). */
    rehome: (tx: Tx, userId: number, nodeId: number) =>
      tx.updateTable('media_processes').set({ node_id: nodeId }).where('user_id', '=', userId).execute(),
    /** Holds or releases the account's rows of these kinds that should run. */
    setHeld: (tx: Tx, userId: number, kinds: readonly ChildKind[], held: boolean) =>
      tx.updateTable('media_processes').set({ held: held ? 1 : 0 }).where('user_id', '=', userId).where('kind', 'in', [...kinds])
        .where('desired', '=', 'running').execute(),
    /** The end time of the account's rows of a kind that should run. */
    setEndAt: (tx: Tx, userId: number, kind: ChildKind, endAt: string | null) =>
      tx.updateTable('media_processes').set({ end_at: endAt }).where('user_id', '=', userId).where('kind', '=', kind)
        .where('desired', '=', 'running').execute(),
  };
}
export type ProcessesRepo = ReturnType<typeof createProcessesRepo>;
