import { isPlaylistCandidate, msg, type Commercial, type CommercialBody, type Video } from '@painel/contract';
import { nowIso, type Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Library, LibraryGuard, Owner } from '../library/library.ts';
import { isUniqueViolation } from '../../platform/db.ts';
import { playlistNotFound } from '../playlists/playlists.service.ts';
import { createCommercialsRepo } from './commercials.repo.ts';

const notFound = () => new AppError('commercial_not_found');
const repo = createCommercialsRepo();

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
    const r = await repo.get(db, owner.userId, id);
    if (!r) throw notFound();
    return {
      id: r.id, id_playlist: r.playlist_id, nome_playlist: r.nome_playlist, id_folder_comerciais: r.folder_id, nome_pasta: r.nome_pasta,
      videos_pasta: (await candidates(owner, r.folder_id)).length,
      quantidade_comerciais: r.quantidade, intervalo_videos: r.intervalo, ativo: r.ativo === 1,
    };
  }

  async function checkRefs(owner: Owner, body: CommercialBody): Promise<void> {
    if (!(await repo.hasPlaylist(db, owner.userId, body.id_playlist))) throw playlistNotFound();
    if (!(await repo.hasFolder(db, owner.userId, body.id_folder_comerciais))) throw new AppError('folder_not_found');
  }

  const guard: LibraryGuard = {
    async folderInUse(userId, folderId) {
      const nome = await repo.playlistFedBy(db, userId, folderId);
      return nome !== undefined ? msg.commercialFolderInUse(nome) : null;
    },
  };

  return {
    guard,
    async list(owner: Owner): Promise<Commercial[]> {
      const ids = await repo.list(db, owner.userId);
      return Promise.all(ids.map((r) => view(owner, r.id)));
    },

    async create(owner: Owner, body: CommercialBody): Promise<Commercial> {
      await checkRefs(owner, body);
      const at = nowIso();
      try {
        const id = await repo.insert(db, {
          user_id: owner.userId, playlist_id: body.id_playlist, folder_id: body.id_folder_comerciais, quantidade: body.quantidade_comerciais,
          intervalo: body.intervalo_videos, ativo: body.ativo ? 1 : 0, created_at: at, updated_at: at,
        });
        return view(owner, id);
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('commercial_exists');
        throw e;
      }
    },

    async update(owner: Owner, id: number, body: CommercialBody | { ativo: boolean }): Promise<Commercial> {
      if (!(await repo.exists(db, owner.userId, id))) throw notFound();
      const at = nowIso();
      if ('id_playlist' in body) {
        await checkRefs(owner, body);
        try {
          await repo.update(db, id, {
            playlist_id: body.id_playlist, folder_id: body.id_folder_comerciais, quantidade: body.quantidade_comerciais,
            intervalo: body.intervalo_videos, ativo: body.ativo ? 1 : 0, updated_at: at,
          });
        } catch (e) {
          if (isUniqueViolation(e)) throw new AppError('commercial_exists');
          throw e;
        }
      } else {
        await repo.update(db, id, { ativo: body.ativo ? 1 : 0, updated_at: at });
      }
      return view(owner, id);
    },

    async remove(owner: Owner, id: number): Promise<void> {
      if (!(await repo.remove(db, owner.userId, id))) throw notFound();
    },

    /** 'Visualizar Comerciais': the folder's videos, as the library shows them. */
    folderVideos: (owner: Owner, folderId: number) => library.videos.list(owner, folderId),
  };
}
export type CommercialsService = ReturnType<typeof createCommercialsService>;
