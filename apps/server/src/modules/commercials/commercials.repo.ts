import type { Insertable, Updateable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { CommercialsTable } from './commercials.table.ts';

/** Commercial breaks with their playlist's and folder's names; every read is scoped by the acting account. */
export function createCommercialsRepo() {
  const rows = (tx: Tx, userId: number) =>
    tx.selectFrom('commercials as c').innerJoin('playlists as p', 'p.id', 'c.playlist_id').innerJoin('folders as f', 'f.id', 'c.folder_id')
      .selectAll('c').select(['p.nome as nome_playlist', 'f.nome as nome_pasta']).where('c.user_id', '=', userId);
  return {
    get: (tx: Tx, userId: number, id: number) => rows(tx, userId).where('c.id', '=', id).executeTakeFirst(),
    list: (tx: Tx, userId: number) => rows(tx, userId).orderBy('c.id', 'desc').execute(),
    exists: async (tx: Tx, userId: number, id: number) =>
      (await tx.selectFrom('commercials').select('id').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()) !== undefined,
    hasPlaylist: async (tx: Tx, userId: number, playlistId: number) =>
      (await tx.selectFrom('playlists').select('id').where('user_id', '=', userId).where('id', '=', playlistId).executeTakeFirst()) !== undefined,
    hasFolder: async (tx: Tx, userId: number, folderId: number) =>
      (await tx.selectFrom('folders').select('id').where('user_id', '=', userId).where('id', '=', folderId).executeTakeFirst()) !== undefined,
    /** The name of a playlist whose breaks take their videos from this folder, if any. */
    playlistFedBy: async (tx: Tx, userId: number, folderId: number) =>
      (await tx.selectFrom('commercials as c').innerJoin('playlists as p', 'p.id', 'c.playlist_id').select('p.nome')
        .where('c.user_id', '=', userId).where('c.folder_id', '=', folderId).executeTakeFirst())?.nome,
    insert: async (tx: Tx, row: Insertable<CommercialsTable>) => (await tx.insertInto('commercials').values(row).returning('id').executeTakeFirstOrThrow()).id,
    update: (tx: Tx, id: number, patch: Updateable<CommercialsTable>) => tx.updateTable('commercials').set(patch).where('id', '=', id).execute(),
    /** False when the account has no such break. */
    remove: async (tx: Tx, userId: number, id: number) =>
      Number((await tx.deleteFrom('commercials').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,
  };
}
export type CommercialsRepo = ReturnType<typeof createCommercialsRepo>;
