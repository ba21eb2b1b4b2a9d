import { isPlaylistCandidate, msg, type Commercial, type CommercialBody, type Video } from '@painel/contract';
import { nowIso, type Db, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Library, LibraryGuard, Owner } from '../library/library.ts';
import { isUniqueViolation } from '../library/library.repo.ts';
import { playlistNotFound } from '../playlists/playlists.service.ts';

const notFound = () => new AppError(404, msg.commercialNotFound);

function rows(tx: Tx, userId: number) {
  return tx.selectFrom('commercials as c').innerJoin('playlists as p', 'p.id', 'c.playlist_id').innerJoin('folders as f', 'f.id', 'c.folder_id')
    .selectAll('c').select(['p.nome as nome_playlist', 'f.nome as nome_pasta']).where('c.user_id', '=', userId);
}

/**
 * Commercial breaks: one configuration per playlist names a folder, how many of its videos
 * play (1–10) and after how many videos of the playlist (1–50). The running playout reads
 * it before every video, so a change applies on air. A folder that feeds one cannot be
 * deleted (the library asks `guard`).
 */
export function createCommercialsService(deps: { db: Db; library: Library }) {
  const { db, library } = deps;

  async function candidates(owner: Owner, folderId: number): Promise<Video[]> {
    const list = await library.videos.list(owner, folderId);
    return list.filter((v) => isPlaylistCandidate(v, owner.bitrate));
  }

  async function view(owner: Owner, id: number): Promise<Commercial> {
    const r = await rows(db, owner.userId).where('c.id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    return {
      id: r.id, id_playlist: r.playlist_id, nome_playlist: r.nome_playlist, id_folder_comerciais: r.folder_id, nome_pasta: r.nome_pasta,
      videos_pasta: (await candidates(owner, r.folder_id)).length,
      quantidade_comerciais: r.quantidade, intervalo_videos: r.intervalo, ativo: r.ativo === 1,
    };
  }

  async function checkRefs(owner: Owner, body: CommercialBody): Promise<void> {
    const p = await db.selectFrom('playlists').select('id').where('user_id', '=', owner.userId).where('id', '=', body.id_playlist).executeTakeFirst();
    if (!p) throw playlistNotFound();
    const f = await db.selectFrom('folders').select('id').where('user_id', '=', owner.userId).where('id', '=', body.id_folder_comerciais).executeTakeFirst();
    if (!f) throw new AppError(404, msg.folderNotFound);
  }

  const guard: LibraryGuard = {
    async folderInUse(userId, folderId) {
      const r = await db.selectFrom('commercials as c').innerJoin('playlists as p', 'p.id', 'c.playlist_id').select('p.nome')
        .where('c.user_id', '=', userId).where('c.folder_id', '=', folderId).executeTakeFirst();
      return r ? msg.commercialFolderInUse(r.nome) : null;
    },
  };

  return {
    guard,
    async list(owner: Owner): Promise<Commercial[]> {
      const ids = await rows(db, owner.userId).orderBy('c.id', 'desc').execute();
      return Promise.all(ids.map((r) => view(owner, r.id)));
    },

    async create(owner: Owner, body: CommercialBody): Promise<Commercial> {
      await checkRefs(owner, body);
      const at = nowIso();
      try {
        const r = await db.insertInto('commercials').values({
          user_id: owner.userId, playlist_id: body.id_playlist, folder_id: body.id_folder_comerciais, quantidade: body.quantidade_comerciais,
          intervalo: body.intervalo_videos, ativo: body.ativo ? 1 : 0, created_at: at, updated_at: at,
        }).returning('id').executeTakeFirstOrThrow();
        return view(owner, r.id);
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError(409, msg.commercialExists);
        throw e;
      }
    },

    async update(owner: Owner, id: number, body: CommercialBody | { ativo: boolean }): Promise<Commercial> {
      const current = await db.selectFrom('commercials').select('id').where('user_id', '=', owner.userId).where('id', '=', id).executeTakeFirst();
      if (!current) throw notFound();
      const at = nowIso();
      if ('id_playlist' in body) {
        await checkRefs(owner, body);
        try {
          await db.updateTable('commercials').set({
            playlist_id: body.id_playlist, folder_id: body.id_folder_comerciais, quantidade: body.quantidade_comerciais,
            intervalo: body.intervalo_videos, ativo: body.ativo ? 1 : 0, updated_at: at,
          }).where('id', '=', id).execute();
        } catch (e) {
          if (isUniqueViolation(e)) throw new AppError(409, msg.commercialExists);
          throw e;
        }
      } else {
        await db.updateTable('commercials').set({ ativo: body.ativo ? 1 : 0, updated_at: at }).where('id', '=', id).execute();
      }
      return view(owner, id);
    },

    async remove(owner: Owner, id: number): Promise<void> {
      const r = await db.deleteFrom('commercials').where('user_id', '=', owner.userId).where('id', '=', id).executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw notFound();
    },

    /** 'Visualizar Comerciais': the folder's videos, as the library shows them. */
    folderVideos: (owner: Owner, folderId: number) => library.videos.list(owner, folderId),
  };
}
export type CommercialsService = ReturnType<typeof createCommercialsService>;
