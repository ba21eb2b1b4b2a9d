import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  LIVE_APPLICATION, PLATFORMS, endReasonText, msg, streamKeyOf, streamNameOf, type PlatformStatus, type StartBody, type StatusResponse, type TransmissionInfo,
} from '@painel/contract';
import { playlistSince } from '@painel/media/hls-playlist';
import type { PlaylistHolds } from './playlist-holds.ts';
import type { RtmpStat } from '@painel/media/rtmp-stat';
import type { Auth } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { isDatabaseUnavailable, nowIso, type Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AccountRow } from '../accounts/accounts.repo.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { MediaServer } from '../media/media-server.ts';
import { srtAddressOf } from '../srt/srt.service.ts';
import type { ViewersService } from '../viewers/viewers.service.ts';
import { END_REASONS, applyReconcile, planReconcile, publisherOf } from './reconcile.ts';
import type { StreamingRepo, TransmissionRow } from './streaming.repo.ts';
import { addressesOf, channelUrls, formatUptime, secondsSince, type ChannelServer } from './urls.ts';

/** nginx reads its clock once per event loop turn: a fragment it opens just after the publish may carry a time a little before it. */
const FRAGMENT_CLOCK_MARGIN_MS = 250;
/** How long the playlist of a playout or relay between two runs is still served (nginx continues it). */
const SOURCE_GAP_MS = 30_000;
/** How long a playlist is served from the broadcast as last read while the database is away (a restart). */
const OUTAGE_GRACE_MS = 60_000;

/** A title given before OBS connects is kept this long for the next publish. */
export const WAITING_TTL_MS = 60 * 60_000;
const GRACE_MS = 10_000;
/** What OBS carries after `?key=`; hex so it survives every encoder's key field unchanged. */
export const newStreamSecret = (): string => randomBytes(12).toString('hex');

export interface StreamingDeps {
  db: Db;
  repo: StreamingRepo;
  /** The account's stream key secret lives in its row: written through the accounts service. */
  accounts: Pick<AccountsService, 'ensureStreamSecret' | 'setStreamSecret'>;
  config: Config;
  media: MediaServer;
  viewers: ViewersService;
  activity: ActivityService;
  /** The restreams a broadcast's platforms run on (the lives module); absent, platforms are only stored. */
  platforms?: PlatformLinks;
  /** The playlist broadcast (the playout module); absent, only OBS broadcasts exist. */
  playout?: { info(userId: number): Promise<StatusResponse['playout']> };
  /** The server an account lives on (its addresses); absent: this server's own configuration. */
  serverOf?: (codigo: number | null) => Promise<ChannelServer>;
  /** Recordings (the recordings module): the broadcast's choice, and whether one is being made. */
  recordings?: {
    choose(userId: number, transmissionId: number, gravar: boolean | undefined, live: { nodeId: number; streamName: string; titulo: string } | null): Promise<void>;
    recordingNow(userId: number): Promise<boolean>;
  };
  /** Playlists served as they were while a channel changes publisher (the ingest holds them). */
  holds?: PlaylistHolds;
  /** The standby of the account's OBS broadcast (the fallback module): armed behind OBS, or on air while OBS is away. */
  standby?: (userId: number) => Promise<StatusResponse['sinal_reserva']>;
}

export interface PlatformLinks {
  connectPlatforms(auth: Auth, ids: readonly string[], transmissionId: number): Promise<{ id: string; name: string; status: PlatformStatus['status']; error: string | null }[]>;
  disconnectPlatforms(auth: Auth, transmissionId: number): Promise<void>;
  platformStates(userId: number): Promise<Map<string, PlatformStatus['status']>>;
}

const platformList = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

export function createStreamingService(deps: StreamingDeps) {
  const { db, repo, config, media, viewers, activity } = deps;
  const own = addressesOf(config);
  /** The account's addresses: its own server's, whichever server answers. */
  const urlsOf = async (account: Pick<AccountRow, 'usuario' | 'codigo_servidor'>) =>
    channelUrls(deps.serverOf ? await deps.serverOf(account.codigo_servidor) : own, account.usuario);

  /** The secret of the account's own stream name ({login}_live), so it is read by the account id, not the effective one. */
  async function secretOf(userId: number): Promise<string> {
    const existing = await repo.secretOf(db, userId);
    if (existing) return existing;
    // made only when none exists yet, so two first reads agree on one value
    return (await deps.accounts.ensureStreamSecret(db, userId))!;
  }

  const stat = (): Promise<RtmpStat | null> => media.stat().catch(() => null);

  function transmissionInfo(row: TransmissionRow, stats: TransmissionInfo['stats']): TransmissionInfo {
    return {
      id: row.id, titulo: row.titulo, tipo: row.tipo, codigo_playlist: row.codigo_playlist,
      // playlist names arrive with the playlist feature; the OBS source has none
      playlist_nome: null, data_inicio: row.started_at, platform_ids: platformList(row.platform_ids), stats,
    };
  }

  async function status(auth: Auth): Promise<StatusResponse> {
    const account = auth.account;
    const urls = await urlsOf(account);
    const [rows, st, count, waiting, states, playout, standby] = await Promise.all([
      repo.openOfUser(db, auth.userId), stat(), viewers.active(auth.userId), repo.waitingOfUser(db, auth.userId, 'obs'),
      deps.platforms?.platformStates(auth.userId) ?? new Map<string, PlatformStatus['status']>(),
      deps.playout?.info(auth.userId) ?? null, deps.standby?.(auth.userId) ?? null,
    ]);
    // a playout failing over and over may be publishing for a moment between two failures: not on air
    const failing = playout?.falha ? playout.transmission_id : null;
    // a playout between two runs (the next video format starts within a second) stays on air; a
    // relay is on air only while its process is: a retry against a stalled source publishes for
    // a moment what it already relayed, and that is no signal
    const onAir = (row: (typeof rows)[number], publishing: boolean) =>
      row.tipo === 'relay' ? row.source_live === 1 : publishing || (row.tipo !== 'obs' && row.source_live === 1);
    const live = st ? rows.map((r) => ({ row: r, s: publisherOf(st, r) })).filter((x) => onAir(x.row, !!x.s) && x.row.id !== failing) : [];
    const current = live.find((x) => x.row.tipo === 'obs') ?? live[0];
    // while its standby is on air the broadcast goes on, but OBS itself is not publishing
    const obs = standby?.no_ar ? undefined : live.find((x) => x.row.tipo === 'obs' && x.row.stream_name === urls.streamName);
    const kbps = (bps: number | undefined) => Math.round((bps ?? 0) / 1000);
    const obsKbps = kbps(obs?.s?.bitrateBps);
    const obsUptime = secondsSince(obs?.row.started_at ?? null);
    const exceeded = !!obs && obsKbps > account.bitrate;
    // by name, not prefix: another login may start with this one ("demo" and "demo_tv")
    const names = new Set([urls.streamName, ...rows.map((r) => r.stream_name)]);
    const mine = st?.streams.filter((s) => s.app === LIVE_APPLICATION && s.publishing && names.has(s.name)) ?? [];
    const pending = waiting.find((w) => Date.now() - Date.parse(w.created_at) < WAITING_TTL_MS);
    const asked = platformList((current?.row ?? pending)?.platform_ids ?? '[]');
    return {
      success: true,
      is_live: !!current,
      stream_type: current ? current.row.tipo : null,
      transmission: current
        ? {
          ...transmissionInfo(current.row, {
            viewers: count, bitrate: kbps(current.s?.bitrateBps), uptime: formatUptime(secondsSince(current.row.started_at)),
          }),
          ...(playout && playout.transmission_id === current.row.id ? { playlist_nome: playout.playlist_nome } : {}),
        }
        : null,
      playout,
      sinal_reserva: current?.row.tipo === 'obs' ? standby : null,
      aguardando_obs: !obs && pending ? { titulo: pending.titulo } : null,
      platforms: PLATFORMS.map((p) => ({
        id: p.id, name: p.nome,
        enabled: asked.includes(p.id),
        status: states.get(p.id) ?? 'disconnected',
      })),
      obs_stream: {
        is_live: !!obs,
        streamName: urls.streamName,
        viewers: obs ? count : 0,
        bitrate: obsKbps,
        uptime: formatUptime(obsUptime),
        uptime_seconds: obsUptime,
        recording: !!obs && ((await deps.recordings?.recordingNow(auth.userId)) ?? false),
        bitrate_limit: account.bitrate,
        bitrate_exceeded: exceeded,
        aviso: exceeded ? msg.bitrateExceeded(obsKbps, account.bitrate) : null,
        hls_url: urls.hlsUrl,
      },
      wowza_info: {
        connection_error: !st,
        total_streams: st?.streams.filter((s) => s.app === LIVE_APPLICATION && s.publishing).length ?? 0,
        user_streams: mine.length,
      },
    };
  }

  async function playerUrls(account: Pick<AccountRow, 'usuario' | 'codigo_servidor'>) {
    const urls = await urlsOf(account);
    return { hls: urls.hlsUrl, iframe: `${urls.web}/api/player-port/iframe?login=${account.usuario}&stream=${urls.streamName}` };
  }

  async function wowzaData(account: AccountRow, secret: string, bitrate: number) {
    const urls = await urlsOf(account);
    return {
      wowza_data: { rtmpUrl: urls.rtmpServer, streamName: urls.streamName, streamKey: streamKeyOf(account.usuario, secret), bitrate, bitrate_limit: account.bitrate },
      player_urls: await playerUrls(account),
    };
  }

  /** Each stream's servable broadcast as last read, for the moments the database is away. */
  const lastServable = new Map<string, { open: TransmissionRow; at: number }>();

  return {
    secretOf,
    status,
    playerUrls,
    /**
     * The playlist players may load: only while the stream's broadcast is open, and only one
     * nginx wrote for this broadcast (a file left by the previous one would replay its end).
     */
    async livePlaylist(streamName: string, playlistId?: number): Promise<{ text: string; userId: number; tipo: TransmissionRow['tipo'] } | null> {
      let open: TransmissionRow | undefined;
      try {
        open = (await repo.servableByStream(db, streamName))[0];
        if (open) lastServable.set(streamName, { open, at: Date.now() });
        else lastServable.delete(streamName);
      } catch (e) {
        // the database away for a moment (a restart): viewers keep the broadcast they were
        // watching, as last read, for a minute at most
        const known = lastServable.get(streamName);
        if (!isDatabaseUnavailable(e) || !known || Date.now() - known.at > OUTAGE_GRACE_MS) throw e;
        open = known.open;
      }
      if (!open?.started_at) return null;
      // a playlist's player: only while that playlist is what the channel broadcasts
      if (playlistId !== undefined && (open.tipo !== 'playlist' || open.codigo_playlist !== playlistId)) return null;
      const file = path.join(config.dataDir, 'hls', `${streamName}.m3u8`);
      const started = Date.parse(open.started_at);
      const st = await fs.stat(file).catch(() => null);
      // on_publish removed the previous one; the margin absorbs the file system's coarse clock
      if (!st || st.mtimeMs < started - 1000) return null;
      // a playout or relay between two runs (its next format, a reconnect) keeps its playlist,
      // which nginx continues; one that has not written for a while is off the air
      if (open.status !== 'live' && Date.now() - st.mtimeMs > SOURCE_GAP_MS) return null;
      // while the channel changes publisher, the playlist as it was (playlist-holds.ts)
      const text = deps.holds?.held(streamName) ?? (await fs.readFile(file, 'utf8').catch(() => null));
      // and a file written by the previous broadcast as it closed lists only fragments older than this one
      const mine = text === null ? null : playlistSince(text, started - FRAGMENT_CLOCK_MARGIN_MS);
      return mine === null ? null : { text: mine, userId: open.user_id, tipo: open.tipo };
    },

    async obsStatus(auth: Auth) {
      const s = await status(auth);
      return { success: true, obs_stream: s.obs_stream, wowza_info: s.wowza_info };
    },

    /**
     * OBS is started in OBS; what the panel starts is the broadcast record: its title and
     * destinations. Live already: they are set on the current broadcast. Not yet: they are
     * kept for the next publish and the caller is told plainly that no signal arrived.
     */
    async start(auth: Auth, body: StartBody) {
      const name = streamNameOf(auth.account.usuario);
      const secret = await secretOf(auth.account.id);
      const st = await stat();
      const rows = await repo.liveOfUser(db, auth.userId);
      const obs = rows.find((r) => r.tipo === 'obs' && r.stream_name === name);
      const s = st && obs ? publisherOf(st, obs) : undefined;
      const platform_ids = JSON.stringify(body.platform_ids);
      if (obs && s) {
        await repo.update(db, obs.id, { titulo: body.titulo, platform_ids });
        await deps.recordings?.choose(auth.userId, obs.id, body.enable_recording, { nodeId: obs.node_id, streamName: name, titulo: body.titulo });
        const platforms = (await deps.platforms?.connectPlatforms(auth, body.platform_ids, obs.id)) ?? [];
        return {
          success: true, message: msg.obsTitleUpdated, transmission: { id: obs.id, titulo: body.titulo }, platforms,
          ...(await wowzaData(auth.account, secret, Math.round(s.bitrateBps / 1000))),
        };
      }
      const at = nowIso();
      for (const w of await repo.waitingOfUser(db, auth.userId, 'obs')) await repo.end(db, w.id, at, END_REASONS.replaced);
      const row = await repo.insert(db, {
        user_id: auth.userId, node_id: auth.account.codigo_servidor ?? config.media.nodeId, tipo: 'obs', titulo: body.titulo,
        codigo_playlist: null, stream_name: name, status: 'waiting', platform_ids, client_id: null, publish_addr: null,
        created_at: at, started_at: null, ended_at: null, end_reason: null,
      });
      await deps.recordings?.choose(auth.userId, row.id, body.enable_recording, null);
      // they connect as soon as the picture arrives, and end with this broadcast
      const platforms = (await deps.platforms?.connectPlatforms(auth, body.platform_ids, row.id)) ?? [];
      throw new AppError('obs_not_publishing', {
        aguardando_obs: true, transmission: { id: row.id, titulo: row.titulo }, platforms, ...(await wowzaData(auth.account, secret, 0)),
      });
    },

    async stop(auth: Auth, body: { transmission_id?: number | undefined; stream_type?: TransmissionRow['tipo'] | undefined }) {
      let row: TransmissionRow | undefined;
      if (body.transmission_id) {
        row = await repo.byIdOfUser(db, auth.userId, body.transmission_id);
        if (!row) throw notFound();
      } else {
        const open = [
          ...(await repo.liveOfUser(db, auth.userId)), ...(await repo.waitingOfUser(db, auth.userId, 'playlist')),
          ...(await repo.waitingOfUser(db, auth.userId, 'relay')), ...(await repo.waitingOfUser(db, auth.userId, 'obs')),
        ];
        row = open.find((r) => !body.stream_type || r.tipo === body.stream_type) ?? open[0];
      }
      if (!row || row.status === 'ended') throw new AppError('no_active_transmission');
      const wasLive = row.status === 'live';
      await repo.end(db, row.id, nowIso(), END_REASONS.user);
      await deps.platforms?.disconnectPlatforms(auth, row.id);
      // the encoder is disconnected; the worker's reconciler repeats this if nginx was unreachable
      if (wasLive) {
        await media.dropPublisher(row.stream_name);
        await activity.record(auth.userId, 'transmission_ended', row.titulo);
      }
      return { success: true, message: msg.stopSuccess };
    },

    platforms: () => ({ success: true, platforms: PLATFORMS.map((p) => ({ ...p })) }),

    async sourceUrls(auth: Auth) {
      const urls = await urlsOf(auth.account);
      return { success: true, source_urls: { http_m3u8: urls.hlsUrl, rtmp: urls.rtmpStream } };
    },

    /** Ends this account's broadcasts the media server no longer has, and expired waiting titles. */
    async cleanupInactive(auth: Auth) {
      let cleaned = 0;
      const at = nowIso();
      for (const w of await repo.waitingOfUser(db, auth.userId, 'obs')) {
        if (Date.now() - Date.parse(w.created_at) >= WAITING_TTL_MS && (await repo.end(db, w.id, at, END_REASONS.expired))) cleaned += 1;
      }
      const st = await stat();
      if (st) {
        const open = (await repo.liveOfNode(db, auth.account.codigo_servidor ?? config.media.nodeId)).filter((o) => o.user_id === auth.userId);
        const plan = planReconcile(open, st, Date.now(), GRACE_MS);
        cleaned += await applyReconcile({ db, repo, media, viewers, activity }, open, { ...plan, drop: [] });
      }
      return { success: true, cleaned_count: cleaned };
    },

    async connectionData(auth: Auth, ftpPassword: string) {
      const urls = await urlsOf(auth.account);
      const secret = await secretOf(auth.account.id);
      return {
        success: true,
        ftp: { host: urls.host, usuario: auth.account.usuario, senha: ftpPassword, porta: urls.ftpPort },
        rtmp: { servidor: urls.rtmpServer, chave: streamKeyOf(auth.account.usuario, secret), stream_name: urls.streamName },
        hls_url: urls.hlsUrl,
        srt_url: await srtAddressOf(db, config, auth.account.id, urls.host, secret),
      };
    },

    /** A new secret; the current publisher (who used the old one) is disconnected. */
    async regenerateKey(auth: Auth) {
      const at = nowIso();
      await deps.accounts.setStreamSecret(db, auth.account.id, newStreamSecret());
      const name = streamNameOf(auth.account.usuario);
      for (const r of await repo.liveOfUser(db, auth.userId)) {
        if (r.tipo === 'obs' && (await repo.end(db, r.id, at, END_REASONS.keyRegenerated))) {
          await activity.record(auth.userId, 'transmission_ended', r.titulo);
        }
      }
      await media.dropPublisher(name);
      await activity.record(auth.userId, 'key_regenerated');
      const secret = await secretOf(auth.account.id);
      return { success: true, message: msg.streamKeyRegenerated, rtmp: { servidor: (await urlsOf(auth.account)).rtmpServer, chave: streamKeyOf(auth.account.usuario, secret), stream_name: name } };
    },

    async transmissions(auth: Auth, limit: number) {
      const rows = await repo.recentOfUser(db, auth.userId, limit);
      return {
        success: true,
        transmissions: rows.map((r) => {
          const dur = r.started_at ? secondsSince(r.started_at, r.ended_at ? Date.parse(r.ended_at) : Date.now()) : 0;
          return {
            id: r.id, titulo: r.titulo, tipo: r.tipo, status: r.status, data_inicio: r.started_at, data_fim: r.ended_at,
            duracao: dur, duracao_formatada: formatUptime(dur),
            motivo_fim: r.end_reason && endReasonText(r.end_reason, r.end_detail), motivo_fim_codigo: r.end_reason,
            pico_bitrate: r.peak_bitrate, pico_espectadores: r.peak_viewers, platform_ids: platformList(r.platform_ids),
          };
        }),
      };
    },
  };
}
export type StreamingService = ReturnType<typeof createStreamingService>;
