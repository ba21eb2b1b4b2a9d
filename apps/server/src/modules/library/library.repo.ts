import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { FoldersTable, VideosTable } from './library.table.ts';

export type FolderRow = Selectable<FoldersTable>;
export type VideoRow = Selectable<VideosTable>;
export type FolderStatsRow = FolderRow & { video_count: number; bytes: number };

export { isUniqueViolation } from '../../platform/db.ts';

export function createLibraryRepo() {
  const folderStats = (tx: Tx, userId: number) =>
    tx
      .selectFrom('folders as f')
      .leftJoin('videos as v', 'v.folder_id', 'f.id')
      .select(['f.id', 'f.user_id', 'f.nome', 'f.created_at', 'f.updated_at'])
      .select((eb) => [eb.fn.count<number>('v.id').as('video_count'), eb.fn.coalesce(eb.fn.sum<number>('v.tamanho'), eb.lit(0)).as('bytes')])
      .where('f.user_id', '=', userId)
      .groupBy(['f.id', 'f.user_id', 'f.nome', 'f.created_at', 'f.updated_at']);
  const num = (r: FolderStatsRow): FolderStatsRow => ({ ...r, video_count: Number(r.video_count), bytes: Number(r.bytes) });

  return {
    // folders
    folderStatsAll: async (tx: Tx, userId: number) => (await folderStats(tx, userId).orderBy('f.nome').execute()).map(num),
    folderStats: async (tx: Tx, userId: number, id: number) => {
      const r = await folderStats(tx, userId).where('f.id', '=', id).executeTakeFirst();
      return r && num(r);
    },
    folder: (tx: Tx, userId: number, id: number) =>
      tx.selectFrom('folders').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),
    folderByName: (tx: Tx, userId: number, nome: string) =>
      tx.selectFrom('folders').selectAll().where('user_id', '=', userId).where('nome', '=', nome).executeTakeFirst(),
    folders: (tx: Tx, userId: number) => tx.selectFrom('folders').selectAll().where('user_id', '=', userId).orderBy('nome').execute(),
    /** Row lock in both dialects (a no-op UPDATE): renames, deletions and uploads of one folder take turns. */
    lockFolder: (tx: Tx, userId: number, id: number) =>
      tx
        .updateTable('folders')
        .set((eb) => ({ nome: eb.ref('nome') }))
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    insertFolder: (tx: Tx, row: Insertable<FoldersTable>) => tx.insertInto('folders').values(row).returningAll().executeTakeFirstOrThrow(),
    renameFolder: (tx: Tx, id: number, nome: string, at: string) =>
      tx.updateTable('folders').set({ nome, updated_at: at }).where('id', '=', id).execute(),
    deleteFolder: async (tx: Tx, userId: number, id: number) => {
      await tx.deleteFrom('videos').where('user_id', '=', userId).where('folder_id', '=', id).execute();
      await tx.deleteFrom('folders').where('user_id', '=', userId).where('id', '=', id).execute();
    },

    // videos
    videosIn: (tx: Tx, userId: number, folderId: number) =>
      // newest first: the dashboard's "recent videos" are the first ones of the list
      tx.selectFrom('videos').selectAll().where('user_id', '=', userId).where('folder_id', '=', folderId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    /** Videos of the account among `ids`, each with its folder's name (unknown or foreign ids are left out). */
    videosWithFolder: (tx: Tx, userId: number, ids: number[]) =>
      ids.length
        ? tx.selectFrom('videos as v').innerJoin('folders as f', 'f.id', 'v.folder_id').selectAll('v').select('f.nome as pasta')
          .where('v.user_id', '=', userId).where('v.id', 'in', ids).execute()
        : Promise.resolve([]),
    video: (tx: Tx, userId: number, id: number) =>
      tx.selectFrom('videos').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),
    videoByName: (tx: Tx, userId: number, folderId: number, nome: string) =>
      tx.selectFrom('videos').selectAll().where('user_id', '=', userId).where('folder_id', '=', folderId).where('nome', '=', nome).executeTakeFirst(),
    /** Generated names are hex, so the stem never carries LIKE wildcards. */
    videoByStem: (tx: Tx, userId: number, folderId: number, stem: string) =>
      tx
        .selectFrom('videos')
        .selectAll()
        .where('user_id', '=', userId)
        .where('folder_id', '=', folderId)
        .where('arquivo', 'like', `${stem}.%`)
        .executeTakeFirst(),
    namesIn: async (tx: Tx, folderId: number) =>
      new Set((await tx.selectFrom('videos').select('nome').where('folder_id', '=', folderId).execute()).map((r) => r.nome)),
    insertVideo: (tx: Tx, row: Insertable<VideosTable>) => tx.insertInto('videos').values(row).returningAll().executeTakeFirstOrThrow(),
    updateVideo: (tx: Tx, id: number, patch: Updateable<VideosTable>) =>
      tx.updateTable('videos').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
    deleteVideos: (tx: Tx, userId: number, ids: number[]) =>
      ids.length ? tx.deleteFrom('videos').where('user_id', '=', userId).where('id', 'in', ids).execute() : Promise.resolve([]),
    /** The videos' count, and the bytes the plan's storage holds: the videos' and the watermark logos'. */
    usage: async (tx: Tx, userId: number) => {
      const r = await tx
        .selectFrom('videos')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.coalesce(eb.fn.sum<number>('tamanho'), eb.lit(0)).as('bytes')])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const logos = await tx
        .selectFrom('logos')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('tamanho'), eb.lit(0)).as('bytes'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { count: Number(r.n), bytes: Number(r.bytes) + Number(logos.bytes) };
    },

    // quota
    reservedBytes: async (tx: Tx, userId: number, exceptId: number, since: number) => {
      const r = await tx
        .selectFrom('upload_reservations')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.lit(0)).as('bytes'))
        .where('user_id', '=', userId)
        .where('id', '!=', exceptId)
        .where('updated_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(r.bytes);
    },
    insertReservation: async (tx: Tx, userId: number, bytes: number, at: number) =>
      (await tx.insertInto('upload_reservations').values({ user_id: userId, bytes, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id,
    updateReservation: (tx: Tx, id: number, bytes: number, at: number) =>
      tx.updateTable('upload_reservations').set({ bytes, updated_at: at }).where('id', '=', id).execute(),
    deleteReservation: (tx: Tx, id: number) => tx.deleteFrom('upload_reservations').where('id', '=', id).execute(),
    deleteStaleReservations: (tx: Tx, before: number) => tx.deleteFrom('upload_reservations').where('updated_at', '<=', before).execute(),
    /** The plan's storage in MB, read without a lock (an estimate before any data flows). */
    espaco: async (tx: Tx, accountId: number) => (await tx.selectFrom('accounts').select('espaco').where('id', '=', accountId).executeTakeFirst())?.espaco,

    // sync
    /** How a sync job stands, as its request waits for it. */
    syncOutcome: (tx: Tx, jobId: number) => tx.selectFrom('jobs').select(['state', 'result', 'error', 'error_code']).where('id', '=', jobId).executeTakeFirst(),
  };
}
export type LibraryRepo = ReturnType<typeof createLibraryRepo>;
