import type { Selectable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { PlaylistsTable } from './playlists.table.ts';

export type PlaylistRow = Selectable<PlaylistsTable>;
export type PlaylistTotalsRow = PlaylistRow & { total_videos: number; duracao_total: number };

/** Playlists and their entries; every read is scoped by the acting account. */
export function createPlaylistsRepo() {
  const totals = (tx: Tx, userId: number) =>
    tx
      .selectFrom('playlists as p')
      .leftJoin('playlist_videos as e', 'e.playlist_id', 'p.id')
      .leftJoin('videos as v', 'v.id', 'e.video_id')
      .select(['p.id', 'p.user_id', 'p.nome', 'p.created_at', 'p.updated_at'])
      .select((eb) => [eb.fn.count<number>('e.id').as('total_videos'), eb.fn.coalesce(eb.fn.sum<number>('v.duracao'), eb.lit(0)).as('duracao_total')])
      .where('p.user_id', '=', userId)
      .groupBy(['p.id', 'p.user_id', 'p.nome', 'p.created_at', 'p.updated_at']);
  const num = (r: PlaylistTotalsRow): PlaylistTotalsRow => ({ ...r, total_videos: Number(r.total_videos), duracao_total: Number(r.duracao_total) });
  return {
    list: async (tx: Tx, userId: number) => (await totals(tx, userId).orderBy('p.id', 'desc').execute()).map(num),
    withTotals: async (tx: Tx, userId: number, id: number) => {
      const r = await totals(tx, userId).where('p.id', '=', id).executeTakeFirst();
      return r && num(r);
    },
    get: (tx: Tx, userId: number, id: number) =>
      tx.selectFrom('playlists').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),
    count: async (tx: Tx, userId: number) =>
      Number((await tx.selectFrom('playlists').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst())?.n ?? 0),
    insert: (tx: Tx, userId: number, nome: string, at: string) =>
      tx.insertInto('playlists').values({ user_id: userId, nome, created_at: at, updated_at: at }).returningAll().executeTakeFirstOrThrow(),
    /** Renames and/or marks it changed (the playout re-reads a changed playlist). */
    touch: (tx: Tx, id: number, at: string, nome?: string) =>
      tx.updateTable('playlists').set({ updated_at: at, ...(nome !== undefined ? { nome } : {}) }).where('id', '=', id).execute(),
    remove: (tx: Tx, userId: number, id: number) => tx.deleteFrom('playlists').where('user_id', '=', userId).where('id', '=', id).execute(),
    /** The entries in order with their videos and folder names. */
    entries: (tx: Tx, playlistId: number) =>
      tx
        .selectFrom('playlist_videos as e')
        .innerJoin('videos as v', 'v.id', 'e.video_id')
        .innerJoin('folders as f', 'f.id', 'v.folder_id')
        .selectAll('v')
        .select(['e.id as entry_id', 'e.ordem', 'f.nome as pasta'])
        .where('e.playlist_id', '=', playlistId)
        .orderBy('e.ordem')
        .orderBy('e.id')
        .execute(),
    replaceEntries: async (tx: Tx, playlistId: number, videoIds: number[]) => {
      await tx.deleteFrom('playlist_videos').where('playlist_id', '=', playlistId).execute();
      if (videoIds.length) {
        await tx.insertInto('playlist_videos').values(videoIds.map((video_id, ordem) => ({ playlist_id: playlistId, video_id, ordem }))).execute();
      }
    },
  };
}
export type PlaylistsRepo = ReturnType<typeof createPlaylistsRepo>;
