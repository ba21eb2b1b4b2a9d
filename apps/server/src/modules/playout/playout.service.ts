import { msg, type PlayoutInfo, type StartPlaylistBody } from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { nowIso, type Db, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Channel } from '../channel/channel.service.ts';
import { processErrorOf } from '../engine/process-error.ts';
import { playlistNotFound, type PlaylistsService } from '../playlists/playlists.service.ts';
import { START } from './plan.ts';
import type { PlayoutRepo } from './playout.repo.ts';

/** The play log is kept a week. */
const PLAYS_KEPT_MS = 7 * 24 * 3600_000;

/** Why the playout keeps failing: its Portuguese text, and its code and values for the panel's other languages. */
function failure(p: Parameters<typeof processErrorOf>[0] & { error: string | null; state_at: string }): NonNullable<PlayoutInfo['falha']> {
  const { code, values } = processErrorOf(p);
  return { motivo: p.error ?? '', codigo: code, valores: values, desde: p.state_at };
}

export interface PlayoutStart {
  userId: number;
  nodeId: number;
  login: string;
  playlistId: number;
  titulo?: string | undefined;
  endingPlaylistId?: number | null;
  bookingId?: number | null;
  shuffle?: boolean;
}

/**
 * The playlist broadcast. Starting one claims the account's channel (the source on air, a
 * playlist or a relay, ends) and writes where the playlist starts; the worker runs it. While OBS
 * publishes, the playout is held (it waits) and comes back by itself when OBS stops.
 */
export function createPlayoutService(deps: {
  db: Db; repo: PlayoutRepo; playlists: Pick<PlaylistsService, 'totals'>; channel: Pick<Channel, 'claim'>; activity: ActivityService; config: Config;
}) {
  const { db, repo } = deps;

  /** The playout of a process row: where in its playlist it starts. */
  const insertPlayout = (tx: Tx, processId: number, s: Pick<PlayoutStart, 'userId' | 'playlistId' | 'endingPlaylistId' | 'bookingId' | 'shuffle'>) =>
    repo.insert(tx, {
      process_id: processId, user_id: s.userId, playlist_id: s.playlistId, ending_playlist_id: s.endingPlaylistId ?? null,
      booking_id: s.bookingId ?? null, shuffle: s.shuffle ? 1 : 0, loop: 1, cursor: JSON.stringify(START), current_video_id: null,
      current_name: null, current_started_at: null, created_at: nowIso(),
    });

  async function start(s: PlayoutStart): Promise<{ transmissionId: number; titulo: string; held: boolean }> {
    const playlist = await deps.playlists.totals(s.userId, s.playlistId);
    if (!playlist) throw playlistNotFound();
    if (!playlist.total_videos) throw new AppError('playlist_empty');
    const titulo = s.titulo?.trim() || playlist.nome;
    return db.transaction().execute(async (tx) => {
      const { transmission, process, held } = await deps.channel.claim(tx, {
        userId: s.userId, nodeId: s.nodeId, login: s.login, kind: 'playout', titulo, codigoPlaylist: s.playlistId,
      });
      await insertPlayout(tx, process.id, s);
      return { transmissionId: transmission.id, titulo, held };
    });
  }

  return {
    start,
    /** The playout of a standby armed for an OBS broadcast (modules/fallback): its playlist, looping, from the start. */
    attachStandby: (tx: Tx, processId: number, userId: number, playlistId: number) => insertPlayout(tx, processId, { userId, playlistId }),

    /** POST /api/streaming/start with a playlist_id. */
    async startFromApi(auth: Auth, body: StartPlaylistBody) {
      const r = await start({
        userId: auth.userId, nodeId: auth.account.codigo_servidor ?? deps.config.media.nodeId, login: auth.account.usuario,
        playlistId: body.playlist_id, titulo: body.titulo,
      });
      await deps.activity.record(auth.userId, 'transmission_started', r.titulo);
      return { ...r, message: r.held ? msg.playlistWaitsForObs(r.titulo) : msg.playlistStarted(r.titulo) };
    },

    /** Playlist ids on air (or waiting for OBS) for an account: those cannot be deleted. */
    onAir: async (userId: number) => (await repo.activeOfUser(db, userId)).map((p) => p.playlist_id).filter((x): x is number => x !== null),

    /** What the status shows of the account's playout. */
    async info(userId: number): Promise<(PlayoutInfo & { transmission_id: number; codigo_playlist: number | null; playlist_nome: string | null }) | null> {
      const [p] = await repo.activeOfUser(db, userId);
      if (!p?.transmission_id || p.transmission_status === 'ended') return null;
      const skips = await repo.skips(db, p.process_id, 5);
      return {
        transmission_id: p.transmission_id,
        codigo_playlist: p.playlist_id,
        playlist_nome: p.playlist_nome,
        atual: p.current_video_id !== null && p.current_started_at && p.state === 'live'
          ? { video_id: p.current_video_id, nome: p.current_name ?? '', comercial: p.current_commercial === 1, inicio: p.current_started_at }
          : null,
        reproduzidos: p.played,
        ignorados: skips.map((s) => ({ nome: s.nome, motivo: s.skipped ?? '', em: s.at })),
        aguardando_obs: p.held === 1,
        falha: p.state === 'failing' ? failure(p) : null,
      };
    },

    /** The play log's old lines go (a worker tick, hourly). */
    prunePlays: () => repo.prunePlays(db, new Date(Date.now() - PLAYS_KEPT_MS).toISOString()),
  };
}
export type PlayoutService = ReturnType<typeof createPlayoutService>;
