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
    /** Sets the secret only if none exists yet, so two first reads agree on one value. */
    setSecretIfNone: (tx: Tx, userId: number, secret: string) =>
      tx.updateTable('accounts').set({ stream_secret: secret }).where('id', '=', userId).where('stream_secret', 'is', null).execute(),
    setSecret: (tx: Tx, userId: number, secret: string, at: string) =>
      tx.updateTable('accounts').set({ stream_secret: secret, updated_at: at }).where('id', '=', userId).execute(),
    accountByUsuario: (tx: Tx, usuario: string) =>
      tx.selectFrom('accounts').select(['id', 'usuario', 'tipo', 'codigo_cliente', 'suspension', 'stream_secret', 'codigo_servidor'])
        .where('usuario', '=', usuario).executeTakeFirst(),

    insert: (tx: Tx, row: Insertable<TransmissionsTable>) =>
      tx.insertInto('transmissions').values(row).returningAll().executeTakeFirstOrThrow(),
    update: (tx: Tx, id: number, patch: Updateable<TransmissionsTable>) =>
      tx.updateTable('transmissions').set(patch).where('id', '=', id).execute(),
    /** Ends a transmission only if it is still open; returns whether this call ended it. */
    async end(tx: Tx, id: number, at: string, reason: string): Promise<boolean> {
      const r = await tx
        .updateTable('transmissions')
        .set({ status: 'ended', ended_at: at, end_reason: reason })
        .where('id', '=', id)
        .where('status', '!=', 'ended')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
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
