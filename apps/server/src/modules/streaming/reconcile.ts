import { isSuspended, LIVE_APPLICATION, type EndReason, type Suspension, type TransmissionType } from '@painel/contract';
import type { RtmpStat, StatStream } from '@painel/media/rtmp-stat';
import { nowIso, type Db } from '../../platform/db.ts';
import { eachIsolated } from '../../platform/isolate.ts';
import type { MediaServer } from '../media/media-server.ts';
import type { ViewersService } from '../viewers/viewers.service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { StreamingRepo } from './streaming.repo.ts';

export interface OpenBroadcast {
  id: number;
  user_id: number;
  /** A playlist or relay broadcast without its publisher waits for its process instead of ending. */
  tipo?: TransmissionType;
  /**
   * An OBS broadcast with a standby source running (modules/fallback): while OBS is away the
   * standby publishes it, and between the two it waits like a playlist does.
   */
  standby?: number | boolean | null;
  stream_name: string;
  client_id: string | null;
  started_at: string | null;
  suspension: Suspension;
}

export interface ReconcilePlan {
  end: { id: number; reason: EndReason }[];
  /** Streams whose publisher has no open broadcast (stopped, key regenerated, account disabled). */
  drop: string[];
  live: { id: number; user_id: number; stream: StatStream }[];
}

/** Why a broadcast ends, by code (stored in `transmissions.end_reason`; the text is the contract's END_REASON_TEXTS). */
export const END_REASONS = {
  noSignal: 'no_signal',
  disabled: 'account_disabled',
  user: 'ended_by_user',
  publishDone: 'signal_ended',
  replaced: 'replaced',
  keyRegenerated: 'key_regenerated',
  expired: 'expired',
} as const satisfies Record<string, EndReason>;

/** The publishing stream of a broadcast, if the media server really has it (same publisher). */
export function publisherOf(stat: RtmpStat, b: Pick<OpenBroadcast, 'stream_name' | 'client_id'>): StatStream | undefined {
  const s = stat.streams.find((x) => x.app === LIVE_APPLICATION && x.name === b.stream_name && x.publishing);
  return s && (!b.client_id || s.publisher?.id === b.client_id) ? s : undefined;
}

/**
 * Compares the open broadcasts (desired state) with what nginx-rtmp really has. Pure.
 * graceMs covers the moment between on_publish's answer and the stream showing in the stat.
 * nginxUp, when given, is when nginx last came up: an nginx that was restarted (killed, crashed)
 * dropped every encoder without telling the API, and OBS reconnects by itself after its own retry
 * delay, so an OBS broadcast is not ended for lack of a signal until that grace has passed too.
 */
export function planReconcile(
  open: OpenBroadcast[], stat: RtmpStat, now: number, graceMs: number, nginxUp?: { since: number; graceMs: number },
): ReconcilePlan {
  const plan: ReconcilePlan = { end: [], drop: [], live: [] };
  const claimed = new Set<string>();
  for (const b of open) {
    const s = publisherOf(stat, b);
    if (isSuspended(b.suspension)) {
      plan.end.push({ id: b.id, reason: END_REASONS.disabled });
      continue;
    }
    if (s) {
      claimed.add(s.name);
      plan.live.push({ id: b.id, user_id: b.user_id, stream: s });
    } else if ((b.tipo !== undefined && b.tipo !== 'obs') || b.standby) {
      // the process's own callbacks (and the engine) say when it is on air; nginx may not list it yet
    } else if (!b.started_at || (now - Date.parse(b.started_at) > graceMs && (!nginxUp || now - nginxUp.since > nginxUp.graceMs))) {
      plan.end.push({ id: b.id, reason: END_REASONS.noSignal });
    }
  }
  for (const s of stat.streams) {
    if (s.app === LIVE_APPLICATION && s.publishing && !claimed.has(s.name) && s.timeMs > graceMs) plan.drop.push(s.name);
  }
  return plan;
}

/**
 * Applies a plan: ends broadcasts, drops publishers, keeps the peaks of live ones. Returns how
 * many ended. Each broadcast and each publisher is a step of its own: one that fails is
 * reported and the others are still applied.
 */
export async function applyReconcile(
  deps: { db: Db; repo: StreamingRepo; media: MediaServer; viewers: ViewersService; activity: ActivityService; log?: (m: string) => void },
  open: (OpenBroadcast & { titulo: string; peak_bitrate: number; peak_viewers: number })[],
  plan: ReconcilePlan,
): Promise<number> {
  const { db, repo, media } = deps;
  const log = deps.log ?? ((m: string) => console.log(`[reconciliação] ${m}`));
  let ended = 0;
  const at = nowIso();
  await eachIsolated(plan.end, async (e) => {
    const b = open.find((o) => o.id === e.id);
    if (!b || !(await repo.end(db, e.id, at, e.reason))) return;
    ended += 1;
    await deps.activity.record(b.user_id, 'transmission_ended', b.titulo);
    if (e.reason === END_REASONS.disabled) await media.dropPublisher(b.stream_name);
  }, (e, reason) => log(`transmissão ${e.id} não encerrada: ${reason}`));
  await eachIsolated(plan.drop, (name) => media.dropPublisher(name), (name, reason) => log(`publicação ${name} não derrubada: ${reason}`));
  if (plan.live.length) {
    const viewers = await deps.viewers.activeByUser();
    await eachIsolated(plan.live, async (l) => {
      const b = open.find((o) => o.id === l.id);
      const kbps = Math.round(l.stream.bitrateBps / 1000);
      const v = viewers.get(l.user_id) ?? 0;
      if (b && (kbps > b.peak_bitrate || v > b.peak_viewers)) {
        await repo.update(db, l.id, { peak_bitrate: Math.max(kbps, b.peak_bitrate), peak_viewers: Math.max(v, b.peak_viewers) });
      }
    }, (l, reason) => log(`transmissão ${l.id}: picos não gravados: ${reason}`));
  }
  return ended;
}
