import {
  LIVE_MAX_HOURS, LIVE_STATE_TEXT, LIVE_STATUS, PLATFORMS, msg, type LiveRecord, type LiveState, type PlatformState,
  type StartLiveBody, type StatusResponse,
} from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import type { Sealer } from '../../platform/crypto.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { OutboundGuard } from '../../platform/outbound-guard.ts';
import { formatZoned, parseZoned } from '../../platform/zoned-time.ts';
import { limitReached, lockPlan } from '../accounts/plan.ts';
import { scheduledLiveDetail, type ActivityService } from '../activity/activity.service.ts';
import { processErrorOf } from '../engine/process-error.ts';
import type { Processes } from '../engine/processes.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { channelUrls, formatUptime, type ChannelServer } from '../streaming/urls.ts';
import { destinationOf, maskKey } from './destination.ts';
import type { LiveRow, LivesRepo } from './lives.repo.ts';

const HOUR = 3_600_000;
/** A start this far in the past still counts as "now" (the minute the form was filled in). */
const START_SLACK_MS = 60_000;

export { destinationOf, maskKey };

export const platformName = (tipo: string): string => PLATFORMS.find((p) => p.id === tipo)?.nome ?? tipo;

/** The status code a state shows as: 1 only while bytes really reach the destination. */
export function statusOf(state: LiveState): number {
  if (state === 'live') return LIVE_STATUS.transmitting;
  if (state === 'scheduled' || state === 'starting' || state === 'reconnecting') return LIVE_STATUS.scheduled;
  if (state === 'error' || state === 'failing') return LIVE_STATUS.error;
  return LIVE_STATUS.finished;
}

/**
 * How many of `windows` ([start, end) instants) are open together with [start, end): at its
 * start, and at the busiest instant inside it (an overlap can only grow where a window begins).
 */
export function overlapOf(windows: readonly { start: number; end: number }[], start: number, end: number): { atStart: number; peak: number } {
  const inside = windows.filter((w) => w.start < end && w.end > start);
  const openAt = (t: number) => inside.filter((w) => w.start <= t && w.end > t).length;
  const atStart = openAt(start);
  let peak = atStart;
  for (const w of inside) if (w.start > start) peak = Math.max(peak, openAt(w.start));
  return { atStart, peak };
}

export function createLivesService(deps: {
  db: Db;
  repo: LivesRepo;
  processes: Processes;
  sealer: Sealer;
  guard: OutboundGuard;
  config: Config;
  settings: Pick<SettingsService, 'get'>;
  /** The channel's status (OBS row of the list); a function, as streaming also calls into lives. */
  obsStatus: (auth: Auth) => Promise<StatusResponse>;
  /** Whether the media worker reports in: without it, nothing it last observed still holds. */
  workerAlive: () => Promise<boolean>;
  activity: ActivityService;
  /** The server an account lives on: the sources offered are its addresses. */
  serverOf: (codigo: number | null) => Promise<ChannelServer>;
}) {
  const { db, repo, processes, sealer, guard, config } = deps;
  const zoneOf = async (auth: Auth) => (await deps.settings.get(auth)).timezone;

  /** A worker that stopped reporting pushes nothing it could vouch for: its live rows are reconnecting. */
  const observed = (r: Pick<LiveRow, 'state'>, alive: boolean): LiveState =>
    !alive && (r.state === 'live' || r.state === 'starting') ? 'reconnecting' : (r.state as LiveState);

  function view(r: LiveRow, tz: string, now: number, alive: boolean): LiveRecord {
    const state = observed(r, alive);
    const failed = state === 'error' || state === 'failing';
    const reason = failed ? processErrorOf(r) : null;
    const seconds = r.started_at
      ? Math.floor(((r.ended_at ? Date.parse(r.ended_at) : now) - Date.parse(r.started_at)) / 1000)
      : Math.floor(((r.end_at ? Date.parse(r.end_at) : now) - Date.parse(r.start_at)) / 1000);
    return {
      id: r.id,
      data_inicio: r.start_at,
      data_fim: r.end_at ?? '',
      tipo: r.tipo,
      servidor_stm: r.servidor_stm,
      servidor_live: destinationOf(r.servidor_rtmp, maskKey(sealer.open(r.chave))),
      status: statusOf(state),
      data_inicio_formatted: formatZoned(r.start_at, tz),
      data_fim_formatted: r.end_at ? formatZoned(r.end_at, tz) : '',
      duracao: formatUptime(seconds),
      status_text: failed && r.error ? `${LIVE_STATE_TEXT[state]}: ${r.error}` : LIVE_STATE_TEXT[state],
      platform_name: platformName(r.tipo),
      estado: state,
      erro: failed ? r.error : null,
      erro_codigo: reason?.code ?? null,
      erro_valores: reason?.values ?? null,
    };
  }

  /**
   * The plan's count limits for a new live over [start, end), inside the transaction that
   * inserts it and under the account's lock: at most max_lives not over yet, and never more than
   * max_lives_ativas running at the same instant, counted over the planned windows of the
   * account's scheduled and running lives. A scheduled live is therefore refused when it is
   * registered, not when its time comes.
   */
  async function reserve(tx: Tx, userId: number, start: number, end: number, immediate: boolean): Promise<void> {
    const plan = await lockPlan(tx, userId);
    const now = Date.now();
    const windows = (await repo.openWindows(tx, userId))
      .map((w) => ({ start: Date.parse(w.start_at), end: w.end_at ? Date.parse(w.end_at) : Infinity }))
      // past its end: the worker finishes it within its next loop
      .filter((w) => w.end > now);
    if (windows.length >= plan.max_lives) throw limitReached('live_limit_registered', plan.max_lives);
    const max = plan.max_lives_ativas;
    const { atStart, peak } = overlapOf(windows, start, end);
    if (peak >= max) throw limitReached(immediate && atStart >= max ? 'live_limit_running' : 'live_limit_overlap', max);
  }

  async function owned(auth: Auth, id: number): Promise<LiveRow> {
    const row = await repo.byIdOfUser(db, auth.userId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(auth: Auth): Promise<{ success: true; lives: LiveRecord[] }> {
      const tz = await zoneOf(auth);
      const now = Date.now();
      const alive = await deps.workerAlive();
      const lives = (await repo.ofUser(db, auth.userId)).map((r) => view(r, tz, now, alive));
      // OBS itself, while it is live, as the first row
      const s = await deps.obsStatus(auth).catch(() => null);
      if (s?.obs_stream.is_live) {
        const started = now - s.obs_stream.uptime_seconds * 1000;
        lives.unshift({
          id: 0, data_inicio: new Date(started).toISOString(), data_fim: '', tipo: 'obs', servidor_stm: s.obs_stream.streamName,
          servidor_live: '', status: LIVE_STATUS.transmitting, data_inicio_formatted: formatZoned(started, tz), data_fim_formatted: '',
          duracao: s.obs_stream.uptime, status_text: LIVE_STATE_TEXT.live, platform_name: 'OBS', estado: 'obs', erro: null, erro_codigo: null, erro_valores: null,
        });
      }
      return { success: true, lives };
    },

    async start(auth: Auth, body: StartLiveBody) {
      const tz = await zoneOf(auth);
      const now = Date.now();
      if (/\s/.test(body.servidor_rtmp_chave)) throw new AppError('live_key_invalid');
      const end = parseZoned(body.data_fim, tz);
      if (end === null) throw new AppError('live_invalid_date');
      const immediate = body.inicio_imediato === 'sim';
      let start = now;
      if (!immediate) {
        if (!body.data_inicio) throw new AppError('live_start_required');
        const parsed = parseZoned(body.data_inicio, tz);
        if (parsed === null) throw new AppError('live_invalid_date');
        if (parsed < now - START_SLACK_MS) throw new AppError('live_start_in_past');
        start = Math.max(parsed, now);
      }
      if (end <= now) throw new AppError('live_end_in_past');
      if (end <= start) throw new AppError('live_end_before_start');
      if (end - start > LIVE_MAX_HOURS * HOUR) throw new AppError('live_too_long');
      const urls = channelUrls(await deps.serverOf(auth.account.codigo_servidor), auth.account.usuario);
      if (body.servidor_stm !== urls.hlsUrl && body.servidor_stm !== urls.rtmpStream) throw new AppError('live_source_invalid');
      // refused here, before any row or process exists
      await guard.check(destinationOf(body.servidor_rtmp, body.servidor_rtmp_chave), ['rtmp', 'rtmps']);

      const live = await db.transaction().execute(async (tx) => {
        await reserve(tx, auth.userId, start, end, immediate);
        const p = await processes.create(tx, {
          userId: auth.userId, nodeId: auth.account.codigo_servidor ?? config.media.nodeId, kind: 'restream', startAt: start, endAt: end,
        });
        return repo.insert(tx, {
          user_id: auth.userId, process_id: p.id, tipo: body.tipo, servidor_rtmp: body.servidor_rtmp,
          chave: sealer.seal(body.servidor_rtmp_chave), servidor_stm: body.servidor_stm, transmission_id: null, created_at: p.created_at,
        });
      });
      const name = platformName(body.tipo);
      if (immediate) await deps.activity.record(auth.userId, 'live_started', name);
      else await deps.activity.record(auth.userId, 'live_scheduled', scheduledLiveDetail(name, new Date(start).toISOString()));
      return { success: true, message: immediate ? msg.liveStarted : msg.liveScheduled, live: { id: live.id } };
    },

    /**
     * The platforms of a broadcast started with "start": each connects through the live the
     * account registered last for it (its server and key), for as long as the broadcast is
     * open, at most 24 h. Platforms no longer asked for are disconnected; one without a
     * registered live cannot connect and says so.
     */
    async connectPlatforms(auth: Auth, ids: readonly string[], transmissionId: number): Promise<{ id: string; name: string; status: PlatformState; error: string | null }[]> {
      const current = await repo.ofTransmission(db, auth.userId, transmissionId);
      for (const c of current) if (c.desired === 'running' && !ids.includes(c.tipo)) await processes.stop(db, auth.userId, c.process_id);
      const out: { id: string; name: string; status: PlatformState; error: string | null }[] = [];
      for (const id of ids) {
        const name = platformName(id);
        if (current.some((c) => c.tipo === id && c.desired === 'running')) {
          out.push({ id, name, status: 'connecting', error: null });
          continue;
        }
        const conf = await repo.latestOfType(db, auth.userId, id);
        if (!conf) {
          out.push({ id, name, status: 'error', error: msg.platformNotConfigured(name) });
          continue;
        }
        const now = Date.now();
        const refused = await db.transaction().execute(async (tx) => {
          await reserve(tx, auth.userId, now, now + LIVE_MAX_HOURS * HOUR, true);
          const p = await processes.create(tx, {
            userId: auth.userId, nodeId: auth.account.codigo_servidor ?? config.media.nodeId, kind: 'restream',
            startAt: now, endAt: now + LIVE_MAX_HOURS * HOUR, transmissionId,
          });
          await repo.insert(tx, {
            user_id: auth.userId, process_id: p.id, tipo: id, servidor_rtmp: conf.servidor_rtmp, chave: conf.chave,
            servidor_stm: conf.servidor_stm, transmission_id: transmissionId, created_at: p.created_at,
          });
          return null;
        }).catch((e: unknown) => {
          // a plan limit is this platform's answer; the broadcast itself goes on
          if (e instanceof AppError && e.status === 409) return e.message;
          throw e;
        });
        out.push(refused ? { id, name, status: 'error', error: `${name}: ${refused}` } : { id, name, status: 'connecting', error: null });
      }
      return out;
    },

    /** Ends the platform connections of a broadcast. */
    async disconnectPlatforms(auth: Auth, transmissionId: number): Promise<void> {
      for (const c of await repo.ofTransmission(db, auth.userId, transmissionId)) {
        if (c.desired === 'running') await processes.stop(db, auth.userId, c.process_id);
      }
    },

    /** What each platform really gets now, from the observed state of the account's running lives. */
    async platformStates(userId: number): Promise<Map<string, PlatformState>> {
      const rank: Record<PlatformState, number> = { disconnected: 0, error: 1, connecting: 2, connected: 3 };
      const out = new Map<string, PlatformState>();
      const dayAgo = Date.now() - 24 * HOUR;
      const rows = await repo.ofUser(db, userId);
      // most channels have no restreams: their status page asks nothing more
      if (rows.length === 0) return out;
      const alive = await deps.workerAlive();
      for (const r of rows) {
        const s: PlatformState = r.desired === 'running'
          ? observed(r, alive) === 'live' ? 'connected' : r.state === 'scheduled' ? 'disconnected' : 'connecting'
          : r.state === 'error' && Date.parse(r.start_at) > dayAgo ? 'error' : 'disconnected';
        if (rank[s] > rank[out.get(r.tipo) ?? 'disconnected']) out.set(r.tipo, s);
      }
      return out;
    },

    async stop(auth: Auth, id: number) {
      const row = await owned(auth, id);
      // status 1 only; one that is connecting, reconnecting or scheduled is removed instead
      if (row.desired !== 'running' || row.state !== 'live') throw new AppError('live_not_transmitting');
      await processes.stop(db, auth.userId, row.process_id);
      return { success: true, message: msg.liveStopped };
    },

    async remove(auth: Auth, id: number) {
      const row = await owned(auth, id);
      // the process row goes with it; its worker stops the child it no longer finds
      await processes.remove(db, auth.userId, row.process_id);
      return { success: true, message: msg.liveRemoved };
    },
  };
}
export type LivesService = ReturnType<typeof createLivesService>;
