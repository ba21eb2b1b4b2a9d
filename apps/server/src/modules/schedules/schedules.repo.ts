import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { BookingsTable } from './schedules.table.ts';

export type BookingRow = Selectable<BookingsTable> & { nome_principal: string; nome_final: string | null };

/** Bookings, with their playlists' names; every request's read is scoped by the acting account. */
export function createSchedulesRepo() {
  const rows = (tx: Tx) =>
    tx.selectFrom('bookings as b').innerJoin('playlists as p', 'p.id', 'b.playlist_id').leftJoin('playlists as e', 'e.id', 'b.ending_playlist_id')
      .selectAll('b').select(['p.nome as nome_principal', 'e.nome as nome_final']);
  return {
    get: (tx: Tx, userId: number, id: number): Promise<BookingRow | undefined> =>
      rows(tx).where('b.user_id', '=', userId).where('b.id', '=', id).executeTakeFirst(),
    list: (tx: Tx, userId: number): Promise<BookingRow[]> => rows(tx).where('b.user_id', '=', userId).orderBy('b.inicio').orderBy('b.id').execute(),
    /** Whether the account has this playlist (a booking may only name the account's own). */
    hasPlaylist: async (tx: Tx, userId: number, playlistId: number) =>
      (await tx.selectFrom('playlists').select('id').where('user_id', '=', userId).where('id', '=', playlistId).executeTakeFirst()) !== undefined,
    count: async (tx: Tx, userId: number) =>
      Number((await tx.selectFrom('bookings').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n),
    insert: async (tx: Tx, row: Insertable<BookingsTable>) => (await tx.insertInto('bookings').values(row).returning('id').executeTakeFirstOrThrow()).id,
    update: (tx: Tx, userId: number, id: number, patch: Updateable<BookingsTable>) =>
      tx.updateTable('bookings').set(patch).where('id', '=', id).where('user_id', '=', userId).execute(),
    /** False when the account has no such booking. */
    remove: async (tx: Tx, userId: number, id: number) =>
      Number((await tx.deleteFrom('bookings').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,
    /** Makes every booking of the account due for a look at `at`. */
    recheck: (tx: Tx, userId: number, at: string) => tx.updateTable('bookings').set({ next_due_at: at }).where('user_id', '=', userId).execute(),
    timezone: async (tx: Tx, userId: number) =>
      (await tx.selectFrom('user_settings').select('timezone').where('user_id', '=', userId).executeTakeFirst())?.timezone,

    /** The node's bookings whose `next_due_at` has come (`now`, ISO), oldest first, with what the worker needs of their account. */
    due: (tx: Tx, nodeId: number, now: string, limit: number) =>
      tx.selectFrom('bookings as b').innerJoin('accounts as a', 'a.id', 'b.user_id')
        .leftJoin('user_settings as s', 's.user_id', 'b.user_id')
        .selectAll('b').select(['a.usuario', 'a.suspension', 's.timezone'])
        .where('b.next_due_at', '<=', now)
        .where((eb) => eb.or([eb('a.codigo_servidor', '=', nodeId), eb('a.codigo_servidor', 'is', null)]))
        .orderBy('b.next_due_at').orderBy('b.id').limit(limit).execute(),
    /** Puts a booking's next look off to `next`, if it was not changed since `read` (its `next_due_at` then). */
    moveOn: (tx: Tx, id: number, read: string, next: string) =>
      tx.updateTable('bookings').set({ next_due_at: next }).where('id', '=', id).where('next_due_at', '=', read).execute(),
    /**
     * Takes occurrence `key` of a booking to run it; false when another worker took it, or the
     * booking changed since `read`.
     */
    claim: async (tx: Tx, id: number, read: string, key: string, run: { at: string; delayS: number; next: string }) => {
      const r = await tx.updateTable('bookings')
        .set({ last_occurrence: key, last_run_at: run.at, last_delay_s: run.delayS, next_due_at: run.next })
        .where('id', '=', id).where('next_due_at', '=', read)
        .where((eb) => eb.or([eb('last_occurrence', 'is', null), eb('last_occurrence', '!=', key)])).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
export type SchedulesRepo = ReturnType<typeof createSchedulesRepo>;
