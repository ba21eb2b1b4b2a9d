import type { Insertable } from 'kysely';
import type { Tx, ViewerSessionsTable } from '../../platform/db.ts';

export function createViewersRepo() {
  return {
    byKey: (tx: Tx, key: string) => tx.selectFrom('viewer_sessions').selectAll().where('session_key', '=', key).executeTakeFirst(),
    insert: (tx: Tx, row: Insertable<ViewerSessionsTable>) => tx.insertInto('viewer_sessions').values(row).execute(),
    touch: (tx: Tx, id: number, at: string) => tx.updateTable('viewer_sessions').set({ last_seen_at: at }).where('id', '=', id).execute(),
    end: (tx: Tx, key: string, at: string) =>
      tx.updateTable('viewer_sessions').set({ ended_at: at }).where('session_key', '=', key).where('ended_at', 'is', null).execute(),
    countActive: async (tx: Tx, userId: number, since: string) => {
      const r = await tx
        .selectFrom('viewer_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .where('last_seen_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    activeByUser: (tx: Tx, since: string) =>
      tx
        .selectFrom('viewer_sessions')
        .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('ended_at', 'is', null)
        .where('last_seen_at', '>=', since)
        .groupBy('user_id')
        .execute(),
    /** Closes sessions whose heartbeats stopped: they ended when last seen. */
    expire: async (tx: Tx, before: string) => {
      const r = await tx
        .updateTable('viewer_sessions')
        .set((eb) => ({ ended_at: eb.ref('last_seen_at') }))
        .where('ended_at', 'is', null)
        .where('last_seen_at', '<', before)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    /** The open sessions one address (its ip_hash) holds on a channel, least recently seen first. */
    activeOfIp: (tx: Tx, userId: number, ipHash: string, since: string) =>
      tx
        .selectFrom('viewer_sessions')
        .select(['id'])
        .where('user_id', '=', userId)
        .where('ip_hash', '=', ipHash)
        .where('ended_at', 'is', null)
        .where('last_seen_at', '>=', since)
        .orderBy('last_seen_at', 'asc')
        .orderBy('id', 'asc')
        .execute(),
    endById: (tx: Tx, id: number, at: string) =>
      tx.updateTable('viewer_sessions').set({ ended_at: at }).where('id', '=', id).where('ended_at', 'is', null).execute(),
    lockAccount: (tx: Tx, userId: number) =>
      tx.selectFrom('accounts').select('id').where('id', '=', userId).forUpdate().executeTakeFirst(),
  };
}
export type ViewersRepo = ReturnType<typeof createViewersRepo>;
