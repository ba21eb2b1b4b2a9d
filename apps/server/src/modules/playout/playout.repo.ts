import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { PlayoutsTable } from './playout.table.ts';

export type PlayoutRow = Selectable<PlayoutsTable>;

/** The playouts: which playlist a channel plays, where it is, and what it played. */
export function createPlayoutRepo() {
  return {
    insert: (tx: Tx, row: Insertable<PlayoutsTable>) => tx.insertInto('playouts').values(row).returningAll().executeTakeFirstOrThrow(),
    /** A playout with what the worker needs of its account and process. */
    byProcess: (tx: Tx, processId: number) =>
      tx.selectFrom('playouts as o').innerJoin('media_processes as p', 'p.id', 'o.process_id').innerJoin('accounts as a', 'a.id', 'p.user_id')
        .selectAll('o').select(['a.usuario', 'a.bitrate', 'p.transmission_id'])
        .where('o.process_id', '=', processId).executeTakeFirst(),
    update: (tx: Tx, processId: number, patch: Updateable<PlayoutsTable>) =>
      tx.updateTable('playouts').set(patch).where('process_id', '=', processId).execute(),
    /** A video went on air: where the broadcast is now, one more played. */
    videoStarted: (tx: Tx, processId: number, patch: Updateable<PlayoutsTable>) =>
      tx.updateTable('playouts').set((eb) => ({ ...patch, played: eb('played', '+', 1) })).where('process_id', '=', processId).execute(),
    /** The engine rows of every playout of the account (each has its folder, playout/<process id>). */
    processesOfUser: async (tx: Tx, userId: number) =>
      (await tx.selectFrom('playouts').select('process_id').where('user_id', '=', userId).execute()).map((r) => r.process_id),
    /** The account's playout that should run (held or not), newest first. */
    activeOfUser: (tx: Tx, userId: number) =>
      tx.selectFrom('playouts as o').innerJoin('media_processes as p', 'p.id', 'o.process_id')
        .leftJoin('transmissions as t', 't.id', 'p.transmission_id')
        .leftJoin('playlists as l', 'l.id', 'o.playlist_id')
        .selectAll('o')
        .select(['p.held', 'p.state', 'p.state_at', 'p.error', 'p.error_code', 'p.error_values', 'p.pid', 'p.transmission_id', 't.status as transmission_status', 't.stream_name', 'l.nome as playlist_nome'])
        .where('o.user_id', '=', userId).where('p.desired', '=', 'running')
        .orderBy('o.id', 'desc').execute(),
    addPlay: (tx: Tx, row: { process_id: number; video_id: number | null; nome: string; comercial: boolean; skipped: string | null; at: string }) =>
      tx.insertInto('playout_plays').values({ ...row, comercial: row.comercial ? 1 : 0 }).execute(),
    plays: (tx: Tx, processId: number, limit: number) =>
      tx.selectFrom('playout_plays').selectAll().where('process_id', '=', processId).orderBy('id', 'desc').limit(limit).execute(),
    skips: (tx: Tx, processId: number, limit: number) =>
      tx.selectFrom('playout_plays').selectAll().where('process_id', '=', processId).where('skipped', 'is not', null)
        .orderBy('id', 'desc').limit(limit).execute(),
    prunePlays: (tx: Tx, before: string) => tx.deleteFrom('playout_plays').where('at', '<', before).execute(),

    /** The playable entries of a playlist in order, with where their files are. */
    entries: (tx: Tx, playlistId: number) =>
      tx.selectFrom('playlist_videos as e').innerJoin('videos as v', 'v.id', 'e.video_id').innerJoin('folders as f', 'f.id', 'v.folder_id')
        .select(['v.id as videoId', 'v.nome', 'v.arquivo', 'f.nome as pasta'])
        .where('e.playlist_id', '=', playlistId).orderBy('e.ordem').orderBy('e.id').execute(),
    /** The active commercial break of a playlist, if any. */
    commercialsOf: (tx: Tx, playlistId: number) =>
      tx.selectFrom('commercials').selectAll().where('playlist_id', '=', playlistId).where('ativo', '=', 1).executeTakeFirst(),
    folderVideos: (tx: Tx, folderId: number) =>
      tx.selectFrom('videos as v').innerJoin('folders as f', 'f.id', 'v.folder_id').selectAll('v').select('f.nome as pasta')
        .where('v.folder_id', '=', folderId).orderBy('v.nome').orderBy('v.id').execute(),
    /** Changes to what a playout plays (its playlists, their entries or their breaks), in one read. */
    version: async (tx: Tx, playlistIds: number[]) => {
      if (!playlistIds.length) return '';
      const r = await tx.selectNoFrom((eb) => [
        eb.selectFrom('playlists').select((x) => x.fn.max('updated_at').as('v')).where('id', 'in', playlistIds).as('lists'),
        eb.selectFrom('commercials').select((x) => x.fn.max('updated_at').as('v')).where('playlist_id', 'in', playlistIds).as('ads'),
        eb.selectFrom('playlist_videos').select((x) => x.fn.countAll().as('v')).where('playlist_id', 'in', playlistIds).as('entries'),
      ]).executeTakeFirst();
      return `${String(r?.lists ?? '')}|${String(r?.ads ?? '')}|${String(r?.entries ?? '')}`;
    },
  };
}
export type PlayoutRepo = ReturnType<typeof createPlayoutRepo>;
