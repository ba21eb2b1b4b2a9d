import { LIVE_APPLICATION, msg, streamNameOf, type PlayoutInfo, type StartPlaylistBody } from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { nowIso, type Db, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { eachIsolated } from '../../platform/isolate.ts';
import { lockPlan } from '../accounts/plan.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Processes } from '../engine/processes.service.ts';
import type { MediaServer } from '../media/media-server.ts';
import type { PlaylistsRepo } from '../playlists/playlists.repo.ts';
import { playlistNotFound } from '../playlists/playlists.service.ts';
import { END_REASONS } from '../streaming/reconcile.ts';
import type { StreamingRepo } from '../streaming/streaming.repo.ts';
import { START } from './plan.ts';
import type { PlayoutRepo } from './playout.repo.ts';

/** How long nginx's on_publish answer for OBS may wait for the playout to leave the stream. */
const YIELD_WAIT_MS = 8000;
/** A hold without OBS on air is released after this long. */
const STALE_HOLD_MS = 20_000;
/** The play log is kept a week, and trimmed once an hour. */
const PLAYS_KEPT_MS = 7 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

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
 * The API's half of the playlist broadcast. Starting one writes a transmission, an engine
 * row (kind playout) and where it starts; the worker runs it. An account has at most one:
 * a new start (by hand or by a booking) replaces the one on air, or the relay on air. While
 * OBS publishes, the playout is held (it waits) and comes back by itself when OBS stops.
 */
export function createPlayoutService(deps: {
  db: Db; repo: PlayoutRepo; playlists: PlaylistsRepo; streaming: StreamingRepo; processes: Processes; media: MediaServer;
  activity: ActivityService; config: Config; log?: (m: string) => void;
}) {
  const { db, repo, streaming, processes, media } = deps;
  const log = deps.log ?? ((m: string) => console.log(`[playout] ${m}`));
  let lastPrune = 0;

  /**
   * Ends what feeds the account's channel: its playlist broadcast or its relay, the one source
   * a channel has (the engine stops their processes within a tick).
   */
  async function endAll(tx: Tx, userId: number, reason: string): Promise<number> {
    // under the account's lock: two starts at once (playlist or relay, in any API process) run one
    // after the other, and the second ends the first's source, so a channel never has two
    await lockPlan(tx, userId);
    let n = 0;
    for (const p of await processes.channelOfUser(tx, userId)) {
      await processes.stop(tx, userId, p.id);
      if (p.transmission_id && (await streaming.end(tx, p.transmission_id, nowIso(), reason))) n += 1;
    }
    return n;
  }

  async function start(s: PlayoutStart): Promise<{ transmissionId: number; titulo: string; held: boolean }> {
    const playlist = await deps.playlists.withTotals(db, s.userId, s.playlistId);
    if (!playlist) throw playlistNotFound();
    if (!playlist.total_videos) throw new AppError(422, msg.playlistEmpty);
    const titulo = s.titulo?.trim() || playlist.nome;
    const r = await db.transaction().execute(async (tx) => {
      await endAll(tx, s.userId, END_REASONS.replaced);
      const held = (await streaming.liveOfUser(tx, s.userId)).some((t) => t.tipo === 'obs');
      const at = nowIso();
      const t = await streaming.insert(tx, {
        user_id: s.userId, node_id: s.nodeId, tipo: 'playlist', titulo, codigo_playlist: s.playlistId, stream_name: streamNameOf(s.login),
        status: 'waiting', platform_ids: '[]', client_id: null, publish_addr: null, created_at: at, started_at: null, ended_at: null, end_reason: null,
      });
      const proc = await processes.create(tx, { userId: s.userId, nodeId: s.nodeId, kind: 'playout', startAt: Date.now(), endAt: null, transmissionId: t.id, held });
      await repo.insert(tx, {
        process_id: proc.id, user_id: s.userId, playlist_id: s.playlistId, ending_playlist_id: s.endingPlaylistId ?? null,
        booking_id: s.bookingId ?? null, shuffle: s.shuffle ? 1 : 0, loop: 1, cursor: JSON.stringify(START), current_video_id: null,
        current_name: null, current_started_at: null, created_at: at,
      });
      return { transmissionId: t.id, titulo, held };
    });
    return r;
  }

  return {
    start,
    endAll: (userId: number, reason: string) => db.transaction().execute((tx) => endAll(tx, userId, reason)),
    /** The same inside the caller's transaction (a relay starting in the channel's place). */
    endChannel: endAll,

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
        falha: p.state === 'failing' ? { motivo: p.error ?? '', desde: p.state_at } : null,
      };
    },

    /**
     * OBS wants the channel: the account's playout or relay is held and, once nginx no longer
     * has it publishing, OBS is let in. False when it did not leave in time (OBS retries by itself).
     */
    async yieldTo(userId: number, login: string): Promise<boolean> {
      const active = await processes.channelOfUser(db, userId);
      if (!active.some((p) => p.held === 0)) return true;
      await processes.setHeld(db, userId, true);
      const name = streamNameOf(login);
      const until = Date.now() + YIELD_WAIT_MS;
      while (Date.now() < until) {
        const st = await media.stat().catch(() => null);
        if (st && !st.streams.some((s) => s.app === LIVE_APPLICATION && s.name === name && s.publishing)) return true;
        await new Promise((r) => setTimeout(r, 200));
      }
      return false;
    },

    /** OBS left: the held playout or relay comes back (the worker starts it within a tick). */
    release: (userId: number) => processes.setHeld(db, userId, false),

    /** The worker's sweep: broadcasts whose playout or relay stopped or failed end with the reason. */
    async sweep(nodeId: number): Promise<void> {
      // each broadcast and each hold on its own: one that fails is reported, the others go on
      await eachIsolated(await processes.orphanTransmissions(db, nodeId), async (t) => {
        if (await streaming.end(db, t.id, nowIso(), t.error ?? END_REASONS.user)) {
          await deps.activity.record(t.user_id, 'transmission_ended', t.titulo);
          if (t.status === 'live') await media.dropPublisher(t.stream_name);
        }
      }, (t, reason) => log(`transmissão ${t.id} não encerrada: ${reason}`));
      // OBS was let in but never went live (or its end was missed): the playlist comes back
      await eachIsolated(await processes.staleHolds(db, nodeId, new Date(Date.now() - STALE_HOLD_MS).toISOString()), async (h) => {
        await processes.setHeld(db, h.user_id, false);
      }, (h, reason) => log(`conta ${h.user_id}: espera do OBS não liberada: ${reason}`));
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await repo.prunePlays(db, new Date(Date.now() - PLAYS_KEPT_MS).toISOString());
      }
    },
  };
}
export type PlayoutService = ReturnType<typeof createPlayoutService>;
