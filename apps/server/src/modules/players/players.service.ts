import { createGrants } from '../../platform/crypto.ts';
import { DEFAULT_PLAYER_SETTINGS, effectiveUserId, isSuspended, msg, OWNER_PREVIEW_TTL_MS, type PlayerQuery, type PlayerSettings, type PlayerSettingsBody, type PlayerType, streamNameOf, type WatermarkPosition } from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { nowIso, type Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AccountRow } from '../accounts/accounts.repo.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { channelUrls, type ChannelServer } from '../streaming/urls.ts';
import type { StreamingService } from '../streaming/streaming.service.ts';
import { logoUrl, type LogosService } from './logos.service.ts';
import type { PlayersRepo } from './players.repo.ts';
import type { ViewersService } from '../viewers/viewers.service.ts';
import { shortCache } from '../../platform/short-cache.ts';

/** The file of a library video a player may show; null when the channel has no such video. */
export type VodResolver = (account: AccountRow, folder: string, file: string) => Promise<{ path: string; size: number; contentType: string } | null>;

/** What proves a vod heartbeat comes from a player page: the signature of the video's address. */
export interface VodProof {
  exp?: string | undefined;
  sig?: string | undefined;
}

export interface PlayerSource {
  kind: 'live' | 'vod';
  /** stream name for live, `folder/file` for vod */
  ref: string;
  /** live only: the channel counts as live only while this playlist is what it broadcasts */
  playlist?: number;
}

const VOD_TTL_S = 6 * 3600;
const VOD_RE = /^([^/\\]{1,200})\/([A-Za-z0-9_-]{1,80}\.mp4)$/;

export function createPlayersService(deps: {
  db: Db; repo: PlayersRepo; config: Config; accounts: AccountsService; streaming: StreamingService;
  logos: LogosService; viewers: ViewersService; activity: ActivityService; vodKey: Buffer; vod: VodResolver;
  /** Signs the owner's preview grants (its own key: a vod signature never passes for one). */
  previewKey: Buffer;
  /** The server an account lives on: its player pages and HLS are there. */
  serverOf: (codigo: number | null) => Promise<ChannelServer>;
}) {
  const { db, repo, config, accounts, logos, viewers } = deps;

  async function settingsOf(userId: number): Promise<PlayerSettings> {
    const row = await repo.settings(db, userId);
    if (!row) return structuredClone(DEFAULT_PLAYER_SETTINGS);
    const logo = row.logo_id ? await logos.byId(userId, row.logo_id) : undefined;
    return {
      player_type: row.player_type as PlayerType,
      watermark: {
        enabled: row.watermark_enabled === 1 && !!logo, logo_id: logo?.id ?? null, logo_url: logo ? logoUrl(logo.arquivo) : null,
        position: row.watermark_position as WatermarkPosition, opacity: row.watermark_opacity,
      },
    };
  }

  /** Public pages name a channel by its login; suspended accounts have none. Every viewer's heartbeat asks: kept a second. */
  const channel = shortCache(1000, async (login: string): Promise<AccountRow | null> => {
    const row = await accounts.byLogin(login);
    return row && row.usuario === login && !isSuspended(row.suspension) ? row : null;
  }, { keep: (row) => row !== null });
  /** Whether `login` names an account that is suspended now (its public pages say the channel is unavailable, not missing). */
  async function suspended(login: string): Promise<boolean> {
    const row = await accounts.byLogin(login);
    return !!row && row.usuario === login && isSuspended(row.suspension);
  }
  /** What feeds the live stream now (obs, playlist, relay), or null when nothing is on air. */
  const live = shortCache(1000, (key: string) => {
    const [ref = '', playlist] = key.split('|');
    return deps.streaming.livePlaylist(ref, playlist ? Number(playlist) : undefined).then((r) => r?.tipo ?? null);
  }, { keep: (tipo) => tipo !== null });

  /** Which picture a player query asks for; null when it names something of another channel. */
  function sourceOf(login: string, q: { stream?: string | undefined; vod?: string | undefined; playlist?: string | undefined }): PlayerSource | null {
    if (q.vod) {
      // the library's own address (/content/{login}/{folder}/{file}, folder URL-encoded) or just folder/file
      const m = VOD_RE.exec(q.vod.replace(new RegExp(`^/?content/${login}/`), '').replace(/^\//, ''));
      let folder: string;
      try {
        folder = decodeURIComponent(m?.[1] ?? '');
      } catch {
        return null;
      }
      return m && folder && folder !== '.' && folder !== '..' && !/[/\\]/.test(folder) ? { kind: 'vod', ref: `${folder}/${m[2]}` } : null;
    }
    // a playlist plays into the channel's own stream: its player shows it while that playlist is on air
    if (q.playlist) {
      const id = Number(q.playlist);
      return Number.isInteger(id) && id > 0 ? { kind: 'live', ref: streamNameOf(login), playlist: id } : null;
    }
    const name = q.stream || streamNameOf(login);
    return name === streamNameOf(login) ? { kind: 'live', ref: name } : null;
  }

  const grants = createGrants(deps.vodKey, VOD_TTL_S);
  const verifyVod = (login: string, ref: string, exp: string | undefined, sig: string | undefined) => grants.verify(`${login}/${ref}`, exp, sig);

  // The owner's own preview in the panel embeds the same public page viewers get; the page
  // carries this grant ("{exp}.{sig}", signed for the channel's login) so its heartbeats and
  // playlist requests are told apart from an audience. Only the panel hands it out, to the
  // signed-in owner; the embed code never has one.
  const previews = createGrants(deps.previewKey, OWNER_PREVIEW_TTL_MS / 1000);
  /** Whether `grant` is a valid, unexpired owner's preview grant of the channel `login`; anything else is simply no grant. */
  function isOwnerPreview(login: string, grant: unknown): boolean {
    if (typeof grant !== 'string' || grant.length > 200) return false;
    const dot = grant.indexOf('.');
    return dot > 0 && previews.verify(login, grant.slice(0, dot), grant.slice(dot + 1));
  }

  /** The library file behind a vod source of the channel, or null. */
  function vodFile(account: AccountRow, source: PlayerSource) {
    const cut = source.ref.lastIndexOf('/');
    return deps.vod(account, source.ref.slice(0, cut), source.ref.slice(cut + 1));
  }

  /** A signed, expiring address of a library video, and the signature the page's heartbeats carry. */
  function signedVod(login: string, ref: string): { url: string; exp: string; sig: string } {
    const { exp, sig } = grants.issue(`${login}/${ref}`);
    const url = `/api/player-port/vod/${encodeURIComponent(login)}/${ref.split('/').map(encodeURIComponent).join('/')}?exp=${exp}&sig=${sig}`;
    return { url, exp: String(exp), sig };
  }

  return {
    settingsOf,
    channel,
    suspended,
    sourceOf,
    isOwnerPreview,

    /** GET /api/player-port/previa: a grant that makes the signed-in owner's preview of their channel no audience. */
    ownerPreview(auth: Auth): { success: true; previa: string; exp: number } {
      const { exp, sig } = previews.issue(auth.account.usuario);
      return { success: true, previa: `${exp}.${sig}`, exp };
    },

    /** Whether a request for `stream`'s playlist comes from its owner's preview (the grant it carries). */
    isOwnerPreviewOf(stream: string, grant: unknown): boolean {
      const login = stream.endsWith('_live') ? stream.slice(0, -'_live'.length) : '';
      return login !== '' && streamNameOf(login) === stream && isOwnerPreview(login, grant);
    },

    async saveSettings(auth: Auth, body: PlayerSettingsBody) {
      const wm = body.watermark;
      if (wm.logo_id !== null && !(await logos.byId(auth.userId, wm.logo_id))) throw new AppError('logo_not_found');
      if (wm.enabled && wm.logo_id === null) throw new AppError('watermark_needs_logo');
      await repo.saveSettings(db, {
        user_id: auth.userId, player_type: body.player_type, watermark_enabled: wm.enabled ? 1 : 0, logo_id: wm.logo_id,
        watermark_position: wm.position, watermark_opacity: wm.opacity, updated_at: nowIso(),
      });
      await deps.activity.record(auth.userId, 'player_settings');
      return { success: true, message: msg.playerSettingsSaved, settings: await settingsOf(auth.userId) };
    },

    /** The iframe address of the channel (port 3001 of the panel, query login + stream/vod/playlist + flags) and the embed code around it. */
    async playerUrl(auth: Auth, q: Partial<PlayerQuery>) {
      const login = auth.account.usuario;
      const settings = await settingsOf(auth.userId);
      const urls = channelUrls(await deps.serverOf(auth.account.codigo_servidor), login);
      const params = new URLSearchParams({ login });
      if (q.vod) params.set('vod', q.vod);
      else if (q.playlist) params.set('playlist', q.playlist);
      else params.set('stream', urls.streamName);
      params.set('player', q.player ?? settings.player_type);
      params.set('contador', q.contador ?? 'true');
      params.set('compartilhamento', q.compartilhamento ?? 'false');
      if (q.vod && !sourceOf(login, q)) throw new AppError('invalid_data');
      const player_url = `${urls.web}/api/player-port/iframe?${params}`;
      const embed_code = `<iframe src="${player_url.replace(/&/g, '&amp;')}" width="640" height="360" style="border:0;max-width:100%" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
      return { success: true, player_url, embed_code, hls_url: urls.hlsUrl, stream: urls.streamName, player: params.get('player') };
    },

    /**
     * What feeds a live source now (obs, playlist, relay), or null when it is not live: an open
     * broadcast whose playlist nginx has written ("live" kept a second, "offline" never). A player
     * keeps a deeper buffer for a playlist or a relay (see player-page.ts).
     */
    liveFeed: (source: PlayerSource) => live(`${source.ref}|${source.playlist ?? ''}`),

    /** The URL a page plays: HLS for live, a signed, expiring file address for vod. */
    /** The live playlist's address: on the channel's own server, or through its server's HLS edge when it has one. */
    mediaUrl(login: string, source: PlayerSource, edge: string | null = null): string {
      if (source.kind === 'vod') return signedVod(login, source.ref).url;
      return `${edge ? edge.replace(/\/+$/, '') : ''}/hls/${source.ref}.m3u8${source.playlist ? `?playlist=${source.playlist}` : ''}`;
    },
    /** The HLS edge of the account's server (null: none; viewers then pull from the server itself). */
    edgeOf: async (account: { codigo_servidor: number | null }): Promise<string | null> => (await deps.serverOf(account.codigo_servidor)).edge_url ?? null,
    signedVod,
    verifyVod,
    vodFile,

    leave: (session: string) => viewers.leave(session),

    /**
     * A player's heartbeat: keeps its viewer session while something plays, refused over the
     * plan's limit. A library video counts only with the signature its page was given (the
     * same as its address's), and only while the video exists: nobody can fill a channel's
     * limit with made-up videos. The owner's preview (a valid grant of this channel) is told
     * whether the channel is live and how many watch, and opens or keeps no session.
     */
    async heartbeat(
      body: { login: string; session?: string | undefined; stream?: string | undefined; vod?: string | undefined; playlist?: string | undefined },
      ip: string, ua: string, proof: VodProof = {}, previewGrant?: string,
    ) {
      const account = await channel(body.login);
      const source = account && sourceOf(account.usuario, body);
      if (!account || !source) throw notFound();
      if (source.kind === 'vod' && !verifyVod(account.usuario, source.ref, proof.exp, proof.sig)) throw notFound();
      const fonte = source.kind === 'vod' ? null : await this.liveFeed(source);
      const live = source.kind === 'vod' || fonte !== null;
      if (!live) {
        if (body.session) await viewers.leave(body.session);
        return { success: true, live: false, session: null, viewers: 0 };
      }
      if (isOwnerPreview(account.usuario, previewGrant)) {
        return { success: true, live: true, fonte, session: null, viewers: await viewers.shown(effectiveUserId(account)) };
      }
      const r = await viewers.heartbeat({
        // the plan as it is now, not the row kept for a second: a limit just lowered applies to the next viewer
        userId: effectiveUserId(account), limit: async () => (await accounts.byId(account.id))?.espectadores ?? 0, sessionKey: body.session,
        kind: source.kind === 'vod' ? 'vod' : 'live', source: source.kind === 'vod' ? `vod:${source.ref}` : source.ref, ip, userAgent: ua,
        // a vod session opens only while the video is in the channel's library
        ...(source.kind === 'vod' && { admit: async () => { if (!(await vodFile(account, source))) throw notFound(); } }),
      });
      return { success: true, live: true, fonte, session: r.session, viewers: r.viewers };
    },
  };
}
export type PlayersService = ReturnType<typeof createPlayersService>;
