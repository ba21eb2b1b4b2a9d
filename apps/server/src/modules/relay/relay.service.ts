import {
  errorText, inferRelayType, msg, type RelayStartBody, type RelayState, type RelayStatus, type RelayType,
  type RelayValidateBody, type RelayValidateResponse,
} from '@painel/contract';
import { RELAY_VIDEO_CODECS, readRelayProbe, relayProbeArgs, type RelayProbe } from '@painel/media/relay';
import type { Auth } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import type { Sealer } from '../../platform/crypto.ts';
import { nowIso, type Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { execCapture } from '../../platform/exec.ts';
import type { OutboundGuard } from '../../platform/outbound-guard.ts';
import { proxiedEnv, startOutboundProxy } from '../../platform/outbound-proxy.ts';
import { createRateLimiter } from '../../platform/rate-limit.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { processErrorOf } from '../engine/process-error.ts';
import type { Processes } from '../engine/processes.service.ts';
import type { MediaServer } from '../media/media-server.ts';
import { END_REASONS, publisherOf } from '../streaming/reconcile.ts';
import type { Transmissions } from '../streaming/transmissions.service.ts';
import type { Channel } from '../channel/channel.service.ts';
import { formatUptime, secondsSince } from '../streaming/urls.ts';
import type { ViewersService } from '../viewers/viewers.service.ts';
import type { RelayRepo, RelayRow } from './relay.repo.ts';
import { relaySource } from './relay-source.ts';

/** A probe waits this long for the source's first bytes; the whole probe is killed a little later. */
const PROBE_IO_SECONDS = 5;
const PROBE_TIMEOUT_MS = 8000;
/** Each probe opens a connection to an address the user gave: a few a minute per account is what typing needs. */
const PROBES_PER_MINUTE = 20;

export { relaySource };

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
  db: Db; repo: RelayRepo; processes: Processes; transmissions: Transmissions; media: MediaServer; viewers: ViewersService;
  activity: ActivityService; sealer: Sealer; guard: OutboundGuard; config: Config;
  /** The account's channel, whose source the relay becomes. */
  channel: Pick<Channel, 'claim'>;
  /** Keeps the relay's recording choice (the recordings module; absent: relays are never recorded). */
  recordings?: { choose(userId: number, transmissionId: number, gravar: boolean | undefined, live: null): Promise<void> };
  ffprobeBin?: string;
  /** The clock of the probe limit's minute (tests pass a fixed one). */
  now?: () => number;
}) {
  const { db, repo, processes, transmissions, media, sealer, config } = deps;
  const ffprobe = deps.ffprobeBin ?? process.env.FFPROBE_PATH ?? 'ffprobe';
  const probes = createRateLimiter({ windowMs: 60_000, max: PROBES_PER_MINUTE, now: deps.now });

  const check = (raw: string, tipo: RelayType) => relaySource(deps.guard, config.outboundAllow, raw, tipo);

  /** Why the source cannot be relayed now (offline, no picture, a codec FLV cannot carry), or null. */
  async function problemOf(userId: number, url: string): Promise<AppError | null> {
    if (!probes.hit(String(userId))) return new AppError('too_many_requests');
    // everything the probe opens (redirects, variants, segments, keys) passes the guard in the proxy
    // (a refusal settles it: the probe stops there instead of retrying until its time runs out)
    const refusal = new AbortController();
    let refused: AppError | undefined;
    const proxy = await startOutboundProxy(deps.guard, {
      onRefuse: (_message, error) => {
        refused ??= error;
        refusal.abort();
      },
    });
    let r: Awaited<ReturnType<typeof execCapture>>;
    try {
      r = await execCapture(ffprobe, relayProbeArgs(url, PROBE_IO_SECONDS), { timeoutMs: PROBE_TIMEOUT_MS, env: proxiedEnv(proxy), signal: refusal.signal });
    } finally {
      await proxy.close();
    }
    if (refused) return refused;
    const p: RelayProbe | null = r.code === 0 ? readRelayProbe(r.stdout) : null;
    if (!p) return new AppError('relay_offline');
    if (!p.video) return new AppError('relay_no_video');
    if (!(RELAY_VIDEO_CODECS as readonly string[]).includes(p.video)) return new AppError('relay_video_codec', { codec: p.video });
    return null;
  }

  async function view(row: RelayRow | undefined, userId: number): Promise<RelayStatus> {
    const none: RelayStatus = {
      success: true, relay_status: 'inativo', relay_url: null, relay_type: null, relay_started_at: null,
      viewers: 0, bitrate: 0, uptime: formatUptime(0), uptime_seconds: 0,
      relay_error_details: null, relay_error_code: null, relay_error_values: null, estado: null,
    };
    if (!row) return none;
    const shown = { relay_url: sealer.open(row.url), relay_type: row.tipo, relay_started_at: row.created_at };
    // the row's reason: its Portuguese text, and its code and values for the panel's other languages
    const reason = () => {
      const { code, values } = processErrorOf(row);
      return { relay_error_details: row.error, relay_error_code: code, relay_error_values: values };
    };
    if (row.desired !== 'running') {
      // stopping clears the status; an error stays until the next start or stop
      return row.state === 'error' ? { ...none, ...shown, relay_status: 'erro', ...reason() } : none;
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
      ...(estado === 'failing' ? reason() : { relay_error_details: estado === 'reconnecting' ? msg.relaySourceLost : estado === 'held' ? msg.relayHeld : null }),
    };
  }

  return {
    status: async (auth: Auth) => view(await repo.latestOfUser(db, auth.userId), auth.userId),

    /** POST /api/relay/validate-url: the same checks as a start, answered as a verdict (never an error status). */
    async validate(auth: Auth, body: RelayValidateBody): Promise<RelayValidateResponse> {
      const tipo = body.relay_type ?? inferRelayType(body.url);
      if (!body.url.trim()) return { valid: false, message: errorText('relay_url_required') };
      if (!tipo) return { valid: false, message: errorText('relay_url_form') };
      let url: string;
      try {
        url = await check(body.url, tipo);
      } catch (e) {
        if (e instanceof AppError) return { valid: false, message: e.message };
        throw e;
      }
      const problem = await problemOf(auth.userId, url);
      return problem ? { valid: false, message: problem.message } : { valid: true, message: msg.relayOnline };
    },

    async start(auth: Auth, body: RelayStartBody) {
      const tipo = body.relay_type ?? inferRelayType(body.relay_url);
      if (!tipo) throw new AppError('relay_url_form');
      // everything is checked before anything is written: a refused start leaves no row
      const url = await check(body.relay_url, tipo);
      const problem = await problemOf(auth.userId, url);
      // its own status: 429 for the probe limit, 400 for a source that cannot be relayed
      if (problem) throw problem;
      const userId = auth.userId;
      // the relay publishes into the node that hosts the account's channel; server_id is not a choice
      const nodeId = auth.account.codigo_servidor ?? config.media.nodeId;
      const titulo = msg.relayTitle(tipo);
      const { held, transmissionId } = await db.transaction().execute(async (tx) => {
        const { process, held, transmission } = await deps.channel.claim(tx, { userId, nodeId, login: auth.account.usuario, kind: 'relay', titulo }, async () => {
          // relays that ended (the one just replaced too) leave with their rows
          for (const old of await repo.finishedOfUser(tx, userId)) await processes.remove(tx, userId, old.process_id);
        });
        await repo.insert(tx, { process_id: process.id, user_id: userId, url: sealer.seal(url), tipo, created_at: nowIso() });
        return { held, transmissionId: transmission.id };
      });
      // recorded from its first publish on (nginx's on_publish), when chosen
      await deps.recordings?.choose(userId, transmissionId, body.enable_recording, null);
      await deps.activity.record(userId, 'transmission_started', titulo);
      return { success: true, message: msg.relayStarted, aguardando_obs: held };
    },

    /** Ends the running relay, or clears one that ended in error. */
    async stop(auth: Auth) {
      const row = await repo.latestOfUser(db, auth.userId);
      if (!row || (row.desired !== 'running' && row.state !== 'error')) throw new AppError('relay_not_active');
      const ended = await db.transaction().execute(async (tx) => {
        await processes.stop(tx, auth.userId, row.process_id);
        return row.transmission_id !== null && (await transmissions.end(tx, row.transmission_id, nowIso(), END_REASONS.user));
      });
      if (ended && row.transmission_status === 'live') await deps.activity.record(auth.userId, 'transmission_ended', row.titulo ?? '');
      return { success: true, message: msg.relayStopped };
    },
  };
}
export type RelayService = ReturnType<typeof createRelayService>;
