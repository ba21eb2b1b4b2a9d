import { candidateRefusal, type Playlist, type PlaylistEntry, type UpdatePlaylistBody } from '@painel/contract';
import { nowIso, type Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Library, Owner } from '../library/library.ts';
import type { PlaylistsRepo, PlaylistTotalsRow } from './playlists.repo.ts';

export const playlistNotFound = (): AppError => new AppError('playlist_not_found');

const toPlaylist = (r: PlaylistTotalsRow): Playlist => ({
  id: r.id, nome: r.nome, total_videos: r.total_videos, duracao_total: Math.round(r.duracao_total), data_criacao: r.created_at,
});

/**
 * Playlists of the account. The entries are replaced as a whole in the order given; every
 * video must be the account's own and a candidate (MP4, compatible or optimised, within the
 * plan's bitrate). A playlist on air cannot be deleted (onAir says which are).
 */
export function createPlaylistsService(deps: { db: Db; repo: PlaylistsRepo; library: Library; onAir: (userId: number) => Promise<number[]> }) {
  const { db, repo, library } = deps;

  async function owned(owner: Owner, id: number) {
    const row = await repo.get(db, owner.userId, id);
    if (!row) throw playlistNotFound();
    return row;
  }

  async function withTotals(owner: Owner, id: number): Promise<Playlist> {
    const r = await repo.withTotals(db, owner.userId, id);
    if (!r) throw playlistNotFound();
    return toPlaylist(r);
  }

  return {
    list: async (owner: Owner): Promise<Playlist[]> => (await repo.list(db, owner.userId)).map(toPlaylist),

    async create(owner: Owner, nome: string): Promise<Playlist> {
      const row = await repo.insert(db, owner.userId, nome, nowIso());
      return withTotals(owner, row.id);
    },

    async update(owner: Owner, id: number, body: UpdatePlaylistBody): Promise<Playlist> {
      await owned(owner, id);
      const ids = body.videos ? [...body.videos].sort((a, b) => a.ordem - b.ordem).map((v) => v.id) : null;
      if (ids) {
        if (new Set(ids).size !== ids.length) throw new AppError('playlist_duplicate_video');
        for (const v of await library.videos.presentMany(owner, ids)) {
          const why = candidateRefusal(v, owner.bitrate);
          if (why) throw new AppError('playlist_video_refused', { nome: v.nome, motivo: why });
        }
      }
      await db.transaction().execute(async (tx) => {
        if (!(await repo.get(tx, owner.userId, id))) throw playlistNotFound();
        if (ids) await repo.replaceEntries(tx, id, ids);
        await repo.touch(tx, id, nowIso(), body.nome);
      });
      return withTotals(owner, id);
    },

    async remove(owner: Owner, id: number): Promise<void> {
      await owned(owner, id);
      if ((await deps.onAir(owner.userId)).includes(id)) throw new AppError('playlist_on_air');
      await repo.remove(db, owner.userId, id);
    },

    async entries(owner: Owner, id: number): Promise<PlaylistEntry[]> {
      await owned(owner, id);
      return (await repo.entries(db, id)).map((r) => {
        const { entry_id, ordem, pasta, ...video } = r;
        return { id: entry_id, ordem, videos: library.videos.present(video, pasta, owner) };
      });
    },

    count: (userId: number) => repo.count(db, userId),
    /** A playlist's name and size, for the broadcast that starts it (its own check of the owner). */
    totals: (userId: number, id: number) => repo.withTotals(db, userId, id),
  };
}
export type PlaylistsService = ReturnType<typeof createPlaylistsService>;
