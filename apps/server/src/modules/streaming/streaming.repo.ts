import type { EndReason } from '@painel/contract';
import { sql, type ExpressionBuilder, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Database, Tx } from '../../platform/db.ts';
import type { TransmissionsTable } from './streaming.table.ts';
import { CHANNEL_KINDS } from '../channel/sources.ts';

export type TransmissionRow = Selectable<TransmissionsTable>;

/**
 * A broadcast (as `t`) whose HLS may still be served: live, or a playout or relay that has
 * published and waits between two runs of its process.
 */
const servable = (eb: ExpressionBuilder<Database & { t: TransmissionsTable }, 't'>) =>
  eb.or([eb('t.status', '=', 'live'), eb.and([eb('t.status', '=', 'waiting'), eb('t.tipo', '!=', 'obs'), eb('t.started_at', 'is not', null)])]);

export function createStreamingRepo() {
  return {
    secretOf: async (tx: Tx, userId: number) =>
      (await tx.selectFrom('accounts').select('stream_secret').where('id', '=', userId).executeTakeFirst())?.stream_secret ?? null,
    accountByUsuario: (tx: Tx, usuario: string) =>
      tx.selectFrom('accounts').select(['id', 'usuario', 'tipo', 'codigo_cliente', 'suspension', 'stream_secret', 'codigo_servidor'])
        .where('usuario', '=', usuario).executeTakeFirst(),

    insert: (tx: Tx, row: Insertable<TransmissionsTable>) =>
      tx.insertInto('transmissions').values(row).returningAll().executeTakeFirstOrThrow(),
    update: (tx: Tx, id: number, patch: Updateable<TransmissionsTable>) =>
      tx.updateTable('transmissions').set(patch).where('id', '=', id).execute(),
    /** Ends a transmission only if it is still open; returns whether this call ended it. */
    async end(tx: Tx, id: number, at: string, reason: EndReason, detail: string | null = null): Promise<boolean> {
      const r = await tx
        .updateTable('transmissions')
        .set({ status: 'ended', ended_at: at, end_reason: reason, end_detail: detail })
        .where('id', '=', id)
        .where('status', '!=', 'ended')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** The account's broadcasts not ended (live, or waiting for their source). */
    notEndedOfUser: (tx: Tx, userId: number) =>
      tx.selectFrom('transmissions').select(['id', 'status', 'stream_name', 'titulo']).where('user_id', '=', userId).where('status', '!=', 'ended').execute(),
    /** Of the accounts given (all, when not given), those with a broadcast live now. */
    liveUserIds: async (tx: Tx, ids?: readonly number[]): Promise<Set<number>> => {
      if (ids && ids.length === 0) return new Set();
      let q = tx.selectFrom('transmissions').select('user_id').where('status', '=', 'live');
      if (ids) q = q.where('user_id', 'in', [...ids]);
      return new Set((await q.execute()).map((r) => r.user_id));
    },
    /** How many broadcasts are live now (every node). */
    countLive: async (tx: Tx): Promise<number> =>
      Number((await tx.selectFrom('transmissions').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'live').executeTakeFirst())?.n ?? 0),
    rehome: (tx: Tx, userId: number, nodeId: number) =>
      tx.updateTable('transmissions').set({ node_id: nodeId }).where('user_id', '=', userId).execute(),
    byIdOfUser: (tx: Tx, userId: number, id: number) =>
      tx.selectFrom('transmissions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst(),
    liveOfUser: (tx: Tx, userId: number) =>
      tx.selectFrom('transmissions').selectAll().where('user_id', '=', userId).where('status', '=', 'live')
        .orderBy('id', 'desc').execute(),
    liveByStream: (tx: Tx, streamName: string) =>
      tx.selectFrom('transmissions').selectAll().where('stream_name', '=', streamName).where('status', '=', 'live')
        .orderBy('id', 'desc').execute(),
    /**
     * The broadcasts whose HLS may be served under a stream name, the live one first: a playout
     * or relay waiting between two runs of its process counts too (the caller bounds how long).
     */
    servableByStream: (tx: Tx, streamName: string) =>
      tx.selectFrom('transmissions as t').selectAll().where('t.stream_name', '=', streamName)
        .where(servable)
        .orderBy(sql`case when t.status = 'live' then 0 else 1 end`).orderBy('t.id', 'desc').execute(),
    /**
     * The account's open broadcasts and, of its playout or relay, the one between two runs of its
     * process (waiting for the next publish), with whether that process is still observed live:
     * a planned new run (the next video format) keeps it on air.
     */
    openOfUser: (tx: Tx, userId: number) =>
      tx.selectFrom('transmissions as t')
        .leftJoin('media_processes as p', (j) => j.onRef('p.transmission_id', '=', 't.id').on('p.kind', 'in', CHANNEL_KINDS).on('p.desired', '=', 'running').on('p.held', '=', 0))
        .selectAll('t').select(sql<number>`case when p.state = 'live' then 1 else 0 end`.as('source_live'))
        .where('t.user_id', '=', userId)
        .where(servable)
        .orderBy('t.id', 'desc').execute(),
    /** The broadcast that last started publishing under a stream name. */
    lastStartedOnStream: (tx: Tx, streamName: string) =>
      tx.selectFrom('transmissions').select(['id', 'ended_at']).where('stream_name', '=', streamName).where('started_at', 'is not', null)
        .orderBy('started_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst(),
    waitingOfUser: (tx: Tx, userId: number, tipo: TransmissionRow['tipo']) =>
      tx.selectFrom('transmissions').selectAll().where('user_id', '=', userId).where('status', '=', 'waiting')
        .where('tipo', '=', tipo).orderBy('id', 'desc').execute(),
    /** Every open broadcast of a media node, with what the reconciler needs of its account. */
    liveOfNode: (tx: Tx, nodeId: number) =>
      tx
        .selectFrom('transmissions as t')
        .innerJoin('accounts as a', 'a.id', 't.user_id')
        .select(['t.id', 't.user_id', 't.tipo', 't.stream_name', 't.client_id', 't.started_at', 't.titulo', 't.peak_bitrate', 't.peak_viewers', 'a.suspension'])
        // a standby source (modules/fallback) running for the broadcast: it waits for it instead of ending
        .select(({ exists, selectFrom }) => exists(
          selectFrom('media_processes as p').select('p.id').whereRef('p.transmission_id', '=', 't.id').where('p.kind', 'in', CHANNEL_KINDS)
            .where('p.desired', '=', 'running').where('p.state', '!=', 'error'),
        ).as('standby'))
        .where('t.node_id', '=', nodeId)
        .where('t.status', '=', 'live')
        .execute(),
    recentOfUser: (tx: Tx, userId: number, limit: number) =>
      tx.selectFrom('transmissions').selectAll().where('user_id', '=', userId).where('status', '!=', 'waiting')
        .orderBy('id', 'desc').limit(limit).execute(),
    platformIdsOfUser: (tx: Tx, userId: number) =>
      tx.selectFrom('transmissions').select('platform_ids').where('user_id', '=', userId).where('platform_ids', '!=', '[]').execute(),
  };
}
export type StreamingRepo = ReturnType<typeof createStreamingRepo>;
