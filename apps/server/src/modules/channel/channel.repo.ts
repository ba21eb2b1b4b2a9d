import type { Tx } from '../../platform/db.ts';
import { CHANNEL_KINDS } from './sources.ts';

/**
 * The channel's view of the engine's rows: the sources that publish into an account's own stream.
 * Reads only: the engine's processes service writes them (channel.service.ts holds through it).
 */
export function createChannelRepo() {
  return {
    /**
     * The account's channel sources that should run (held or not), newest first, with the kind of
     * broadcast each publishes ('obs' for the standby of an OBS broadcast).
     */
    ofUser: (tx: Tx, userId: number) =>
      tx.selectFrom('media_processes as p').leftJoin('transmissions as t', 't.id', 'p.transmission_id')
        .select(['p.id', 'p.kind', 'p.held', 'p.transmission_id', 't.tipo']).where('p.user_id', '=', userId)
        .where('p.kind', 'in', CHANNEL_KINDS).where('p.desired', '=', 'running').orderBy('p.id', 'desc').execute(),
    /** The standby source running for an OBS broadcast (modules/fallback), if any. */
    standbyOf: (tx: Tx, transmissionId: number) =>
      tx.selectFrom('media_processes').select(['id', 'kind', 'held', 'user_id']).where('transmission_id', '=', transmissionId)
        .where('kind', 'in', CHANNEL_KINDS).where('desired', '=', 'running').orderBy('id', 'desc').executeTakeFirst(),
    /** One source by its row, when it is of the kind its token names. */
    byProcess: (tx: Tx, id: number, kind: (typeof CHANNEL_KINDS)[number]) =>
      tx.selectFrom('media_processes').select(['id', 'user_id', 'desired', 'held', 'transmission_id'])
        .where('id', '=', id).where('kind', '=', kind).executeTakeFirst(),
    /** Channel sources whose process no longer runs (stopped, failed): their transmissions end. */
    orphanTransmissions: (tx: Tx, nodeId: number) =>
      tx.selectFrom('media_processes as p').innerJoin('transmissions as t', 't.id', 'p.transmission_id')
        .select(['t.id', 't.user_id', 't.titulo', 't.stream_name', 't.status', 'p.error', 'p.end_at'])
        .where('p.node_id', '=', nodeId).where('p.kind', 'in', CHANNEL_KINDS).where('p.desired', '=', 'stopped')
        .where('t.status', '!=', 'ended')
        // the standby of an OBS broadcast ends it only when it stopped on air (OBS away), not held behind OBS
        .where((eb) => eb.or([eb('t.tipo', '!=', 'obs'), eb('p.held', '=', 0)]))
        // a broadcast fed by another running source (a standby armed again) is not this one's to end
        .where(({ not, exists, selectFrom }) => not(exists(
          selectFrom('media_processes as q').select('q.id').whereRef('q.transmission_id', '=', 't.id').where('q.kind', 'in', CHANNEL_KINDS)
            .where('q.desired', '=', 'running'),
        ))).execute(),
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
export type ChannelRepo = ReturnType<typeof createChannelRepo>;
