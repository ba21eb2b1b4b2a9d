import type { Insertable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { RelaysTable } from './relay.table.ts';

/** Relays: the source an engine row of kind relay pulls into the account's channel. */
export function createRelayRepo() {
  const joined = (tx: Tx) => tx.selectFrom('relays as r').innerJoin('media_processes as p', 'p.id', 'r.process_id');
  return {
    insert: (tx: Tx, row: Insertable<RelaysTable>) => tx.insertInto('relays').values(row).returningAll().executeTakeFirstOrThrow(),
    /** The account's latest relay, with its process's observed state and its broadcast. */
    latestOfUser: (tx: Tx, userId: number) =>
      joined(tx).leftJoin('transmissions as t', 't.id', 'p.transmission_id')
        .select([
          'r.process_id', 'r.url', 'r.tipo', 'r.created_at', 'p.desired', 'p.state', 'p.error', 'p.error_code', 'p.error_values', 'p.started_at', 'p.transmission_id',
          't.stream_name', 't.client_id', 't.titulo', 't.status as transmission_status',
        ])
        .where('r.user_id', '=', userId).orderBy('r.id', 'desc').limit(1).executeTakeFirst(),
    /** Relays of the account that are over and whose child is gone: nothing refers to them any more. */
    finishedOfUser: (tx: Tx, userId: number) =>
      joined(tx).select('r.process_id').where('r.user_id', '=', userId).where('p.desired', '=', 'stopped').where('p.pid', 'is', null).execute(),
    /** What the worker needs to run a relay: its source and the account's stream name. */
    byProcess: (tx: Tx, processId: number) =>
      joined(tx).innerJoin('accounts as a', 'a.id', 'p.user_id').select(['r.url', 'r.tipo', 'a.usuario'])
        .where('r.process_id', '=', processId).executeTakeFirst(),
  };
}
export type RelayRepo = ReturnType<typeof createRelayRepo>;
export type RelayRow = NonNullable<Awaited<ReturnType<RelayRepo['latestOfUser']>>>;
