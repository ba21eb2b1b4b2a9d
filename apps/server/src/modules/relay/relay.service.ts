import {
  inferRelayType, msg, streamNameOf, type RelayStartBody, type RelayState, type RelayStatus, type RelayType,
  type RelayValidateBody, type RelayValidateResponse,
} from '@painel/contract';
import { RELAY_VIDEO_CODECS, readRelayProbe, relayProbeArgs, type RelayProbe } from '@painel/media/relay';
import type { Auth } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import type { Sealer } from '../../platform/crypto.ts';
import { nowIso, type Db, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { execCapture } from '../../platform/exec.ts';
import type { OutboundGuard, OutboundScheme } from '../../platform/outbound-guard.ts';
import { proxiedEnv, startOutboundProxy } from '../../platform/outbound-proxy.ts';
import { createRateLimiter } from '../../platform/rate-limit.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Processes } from '../engine/processes.service.ts';
import type { MediaServer } from '../media/media-server.ts';
import { END_REASONS, publisherOf } from '../streaming/reconcile.ts';
import type { StreamingRepo } from '../streaming/streaming.repo.ts';
import { formatUptime, secondsSince } from '../streaming/urls.ts';
import type { ViewersService } from '../viewers/viewers.service.ts';
import type { RelayRepo, RelayRow } from './relay.repo.ts';

/** A probe waits this long for the source's first bytes; the whole probe is killed a little later. */
const PROBE_IO_SECONDS = 5;
const PROBE_TIMEOUT_MS = 8000;
/** Each probe opens a connection to an address the user gave: a few a minute per account is what typing needs. */
const PROBES_PER_MINUTE = 20;

/**
 * The one check of a relay's source, at validation, at start and in the worker before every
 * run: the form the type implies (rtmp:// or rtmps://; an https:// address of a .m3u8 playlist,
 * or http:// only towards a peer the operator allow-listed, as tests serve HLS on loopback),
 * then the outbound guard (no internal address, also behind a DNS name). Returns the address
 * as the guard parsed it: ffmpeg gets that form, so both read the same host (a backslash or
 * an '@' in an https address cannot make them disagree).
 */
export async function relaySource(guard: OutboundGuard, allow: ReadonlySet<string>, raw: string, tipo: RelayType): Promise<string> {
  const text = raw.trim();
  if (!text) throw new AppError(400, msg.relayUrlRequired);
  const form = (): never => {
    throw new AppError(400, msg.relayUrlForm);
  };
  // control characters and spaces are never part of a stream address
  if (/[\s\x00-\x1f\x7f]/.test(text)) form();
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return form();
  }
  const scheme = parsed.protocol.replace(/:$/, '').toLowerCase();
  let schemes: OutboundScheme[];
  if (tipo === 'rtmp') {
    if (scheme !== 'rtmp' && scheme !== 'rtmps') form();
    schemes = ['rtmp', 'rtmps'];
  } else {
    if (!text.toLowerCase().includes('.m3u8')) form();
    const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const allowedHttp = scheme === 'http' && allow.has(`${host}:${parsed.port || 80}`);
    if (scheme !== 'https' && !allowedHttp) form();
    schemes = allowedHttp ? ['http'] : ['https'];
  }
  return (await guard.check(text, schemes)).href;
}

/** What the engine row's state says about an active relay. */
function stateOf(state: string, mediaReachable: boolean): RelayState {
  if (state === 'held') return 'held';
  if (state === 'reconnecting') return 'reconnecting';
  if (state === 'failing') return 'failing';
  // without the media server's word, a relay last seen live cannot be vouched for
  if (state === 'live') return mediaReachable ? 'live' : 'reconnecting';
  return 'starting';
}

/**
 * The API's half of the relay. Starting one writes a transmission (tipo relay, waiting until
 * the relay's first publish), an engine row of kind relay and the sealed source; the worker
 * runs it. It takes the channel's place: the playlist broadcast or the previous relay ends.
 * While OBS publishes, the relay waits (held) and comes back when OBS stops.
 */
export function createRelayService(deps: {
  db: Db; repo: RelayRepo; processes: Processes; streaming: StreamingRepo; media: MediaServer; viewers: ViewersService;
  activity: ActivityService; sealer: Sealer; guard: OutboundGuard; config: Config;
  /** Ends what feeds the channel now (the playout service's endChannel). */
  channel: { endChannel(tx: Tx, userId: number, reason: string): Promise<number> };
  ffprobeBin?: string;
}) {
  const { db, repo, processes, streaming, media, sealer, config } = deps;
  const ffprobe = deps.ffprobeBin ?? process.env.FFPROBE_PATH ?? 'ffprobe';
  const probes = createRateLimiter({ windowMs: 60_000, max: PROBES_PER_MINUTE });

  const check = (raw: string, tipo: RelayType) => relaySource(deps.guard, config.outboundAllow, raw, tipo);

  /** Why the source cannot be relayed now (offline, no picture, a codec FLV cannot carry), or null. */
  async function problemOf(userId: number, url: string): Promise<string | null> {
    if (!probes.hit(String(userId))) return msg.tooManyRequests;
    // everything the probe opens (redirects, variants, segments, keys) passes the guard in the proxy
    // (a refusal settles it: the probe stops there instead of retrying until its time runs out)
    const refusal = new AbortController();
    const proxy = await startOutboundProxy(deps.guard, { onRefuse: () => refusal.abort() });
    let r: Awaited<ReturnType<typeof execCapture>>;
    try {
      r = await execCapture(ffprobe, relayProbeArgs(url, PROBE_IO_SECONDS), { timeoutMs: PROBE_TIMEOUT_MS, env: proxiedEnv(proxy), signal: refusal.signal });
    } finally {
      await proxy.close();
    }
    const refused = proxy.refusals()[0];
    if (refused) return refused;
    const p: RelayProbe | null = r.code === 0 ? readRelayProbe(r.stdout) : null;
    if (!p) return msg.relayOffline;
    if (!p.video) return msg.relayNoVideo;
    if (!(RELAY_VIDEO_CODECS as readonly string[]).includes(p.video)) return msg.relayVideoCodec(p.video);
    return null;
  }

  async function view(row: RelayRow | undefined, userId: number): Promise<RelayStatus> {
    const none: RelayStatus = {
      success: true, relay_status: 'inativo', relay_url: null, relay_type: null, relay_started_at: null,
      viewers: 0, bitrate: 0, uptime: formatUptime(0), uptime_seconds: 0, relay_error_details: null, estado: null,
    };
    if (!row) return none;
    const shown = { relay_url: sealer.open(row.url), relay_type: row.tipo, relay_started_at: row.created_at };
    if (row.desired !== 'running') {
      // stopping clears the status; an error stays until the next start or stop
      return row.state === 'error' ? { ...none, ...shown, relay_status: 'erro', relay_error_details: row.error } : none;
    }
    const [st, viewers] = await Promise.all([media.stat().catch(() => null), deps.viewers.active(userId)]);
    const estado = stateOf(row.state, st !== null);
    const publishing = st && row.stream_name && row.transmission_status === 'live'
      ? publisherOf(st, { stream_name: row.stream_name, client_id: row.client_id })
      : undefined;
    const uptime = secondsSince(row.started_at);
    return {
      ...none, ...shown, relay_status: 'ativo', estado, viewers,
      bitrate: Math.round((publishing?.bitrateBps ?? 0) / 1000),
      uptime: formatUptime(uptime), uptime_seconds: uptime,
      relay_error_details: estado === 'reconnecting' ? msg.relaySourceLost : estado === 'held' ? msg.relayHeld : estado === 'failing' ? row.error : null,
    };
  }

  return {
    status: async (auth: Auth) => view(await repo.latestOfUser(db, auth.userId), auth.userId),

    /** POST /api/relay/validate-url: the same checks as a start, answered as a verdict (never an error status). */
    async validate(auth: Auth, body: RelayValidateBody): Promise<RelayValidateResponse> {
      const tipo = body.relay_type ?? inferRelayType(body.url);
      if (!body.url.trim()) return { valid: false, message: msg.relayUrlRequired };
      if (!tipo) return { valid: false, message: msg.relayUrlForm };
      let url: string;
      try {
        url = await check(body.url, tipo);
      } catch (e) {
        if (e instanceof AppError) return { valid: false, message: e.message };
        throw e;
      }
      const problem = await problemOf(auth.userId, url);
      return problem ? { valid: false, message: problem } : { valid: true, message: msg.relayOnline };
    },

    async start(auth: Auth, body: RelayStartBody) {
      const tipo = body.relay_type ?? inferRelayType(body.relay_url);
      if (!tipo) throw new AppError(400, msg.relayUrlForm);
      // everything is checked before anything is written: a refused start leaves no row
      const url = await check(body.relay_url, tipo);
      const problem = await problemOf(auth.userId, url);
      if (problem) throw new AppError(problem === msg.tooManyRequests ? 429 : 400, problem);
      const userId = auth.userId;
      // the relay publishes into the node that hosts the account's channel; server_id is not a choice
      const nodeId = auth.account.codigo_servidor ?? config.media.nodeId;
      const titulo = msg.relayTitle(tipo);
      const held = await db.transaction().execute(async (tx) => {
        await deps.channel.endChannel(tx, userId, END_REASONS.replaced);
        for (const old of await repo.finishedOfUser(tx, userId)) await processes.remove(tx, userId, old.process_id);
        const obsLive = (await streaming.liveOfUser(tx, userId)).some((t) => t.tipo === 'obs');
        const at = nowIso();
        const t = await streaming.insert(tx, {
          user_id: userId, node_id: nodeId, tipo: 'relay', titulo, codigo_playlist: null, stream_name: streamNameOf(auth.account.usuario),
          status: 'waiting', platform_ids: '[]', client_id: null, publish_addr: null, created_at: at, started_at: null, ended_at: null, end_reason: null,
        });
        const proc = await processes.create(tx, { userId, nodeId, kind: 'relay', startAt: Date.now(), endAt: null, transmissionId: t.id, held: obsLive });
        await repo.insert(tx, { process_id: proc.id, user_id: userId, url: sealer.seal(url), tipo, created_at: at });
        return obsLive;
      });
      await deps.activity.record(userId, 'transmission_started', titulo);
      return { success: true, message: msg.relayStarted, aguardando_obs: held };
    },

    /** Ends the running relay, or clears one that ended in error. */
    async stop(auth: Auth) {
      const row = await repo.latestOfUser(db, auth.userId);
      if (!row || (row.desired !== 'running' && row.state !== 'error')) throw new AppError(404, msg.relayNotActive);
      const ended = await db.transaction().execute(async (tx) => {
        await processes.stop(tx, auth.userId, row.process_id);
        return row.transmission_id !== null && (await streaming.end(tx, row.transmission_id, nowIso(), END_REASONS.user));
      });
      if (ended && row.transmission_status === 'live') await deps.activity.record(auth.userId, 'transmission_ended', row.titulo ?? '');
      return { success: true, message: msg.relayStopped };
    },
  };
}
export type RelayService = ReturnType<typeof createRelayService>;
