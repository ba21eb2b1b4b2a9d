import { FALLBACK_SLATE_MAX_MINUTES, LIVE_APPLICATION, streamNameOf, type EndReason } from '@painel/contract';
import { nowIso, type Db, type Tx } from '../../platform/db.ts';
import { eachIsolated } from '../../platform/isolate.ts';
import { lockPlan } from '../accounts/plan.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Processes } from '../engine/processes.service.ts';
import type { MediaServer } from '../media/media-server.ts';
import { END_REASONS } from '../streaming/reconcile.ts';
import type { Transmissions } from '../streaming/transmissions.service.ts';
import type { ChannelRepo } from './channel.repo.ts';
import { CHANNEL_KINDS, verifyPublishToken, type ChannelKind } from './sources.ts';

/** How long nginx's on_publish answer for OBS may wait for the channel's source to leave the stream. */
const YIELD_WAIT_MS = 8000;
/** A hold without OBS on air is released after this long. */
const STALE_HOLD_MS = 20_000;
/** The end time of a standby slate released now: it stays on air without OBS this long at most. */
const slateUntil = (): string => new Date(Date.now() + FALLBACK_SLATE_MAX_MINUTES * 60_000).toISOString();

export interface ChannelClaim {
  userId: number;
  nodeId: number;
  login: string;
  /** A source with a broadcast of its own (a standby publishes its OBS broadcast's: `arm`). */
  kind: Exclude<ChannelKind, 'reserva'>;
  titulo: string;
  /** The playlist a playout broadcasts. */
  codigoPlaylist?: number | null;
}

/**
 * The account's channel: one source on air at a time (its playlist broadcast or its relay), and
 * OBS comes first. A source claims the channel in a transaction (the previous one ends), waits
 * (held) while OBS publishes and comes back when OBS leaves; the worker's sweep ends the
 * broadcasts of sources that stopped.
 */
export function createChannel(deps: {
  db: Db; repo: ChannelRepo; processes: Processes; transmissions: Transmissions; media: MediaServer; activity: ActivityService;
  dataDir: string; log?: (m: string) => void;
  /** Tells this node's worker to run its engine now (a released source starts at once, not at its next pass). */
  wake?: () => void;
}) {
  const { db, repo, processes, transmissions, media } = deps;
  const log = deps.log ?? ((m: string) => console.log(`[channel] ${m}`));
  /**
   * Holds (OBS took the channel) or releases the account's channel sources. A standby slate
   * released goes on air for at most `slateUntil` (its end time); held, it has none.
   */
  const setHeld = (userId: number, held: boolean): Promise<void> =>
    processes.hold(db, userId, CHANNEL_KINDS, held, { kind: 'reserva', at: held ? null : slateUntil() });

  /** Ends what feeds the account's channel (the engine stops its processes within a tick). */
  async function endSources(tx: Tx, userId: number, reason: EndReason): Promise<number> {
    // under the account's lock: two starts at once (playlist or relay, in any API process) run one
    // after the other, and the second ends the first's source, so a channel never has two
    await lockPlan(tx, userId);
    let n = 0;
    for (const p of await repo.ofUser(tx, userId)) {
      await processes.stop(tx, userId, p.id);
      // the standby of an OBS broadcast held behind OBS: OBS keeps its broadcast (one on air, OBS away, ends with it)
      if (p.tipo === 'obs' && p.held) continue;
      if (p.transmission_id && (await transmissions.end(tx, p.transmission_id, nowIso(), reason))) n += 1;
    }
    return n;
  }

  return {
    endSources,
    /** The same in a transaction of its own. */
    end: (userId: number, reason: EndReason) => db.transaction().execute((tx) => endSources(tx, userId, reason)),

    /**
     * Takes the channel for a new source inside the caller's transaction: the source on air ends
     * (`afterEnd` runs then, for the caller's own tidying), a broadcast waiting for its first
     * publish and the engine row are written; held when OBS is on air now.
     */
    async claim(tx: Tx, c: ChannelClaim, afterEnd?: (tx: Tx) => Promise<void>) {
      await endSources(tx, c.userId, END_REASONS.replaced);
      await afterEnd?.(tx);
      const held = (await transmissions.liveOfUser(tx, c.userId)).some((t) => t.tipo === 'obs');
      const at = nowIso();
      const transmission = await transmissions.insert(tx, {
        user_id: c.userId, node_id: c.nodeId, tipo: c.kind === 'playout' ? 'playlist' : 'relay', titulo: c.titulo,
        codigo_playlist: c.codigoPlaylist ?? null, stream_name: streamNameOf(c.login), status: 'waiting', platform_ids: '[]',
        client_id: null, publish_addr: null, created_at: at, started_at: null, ended_at: null, end_reason: null,
      });
      const process = await processes.create(tx, {
        userId: c.userId, nodeId: c.nodeId, kind: c.kind, startAt: Date.now(), endAt: null, transmissionId: transmission.id, held,
      });
      return { transmission, process, held };
    },

    /**
     * Arms a standby source for the OBS broadcast on air (modules/fallback), inside the caller's
     * transaction: held now, it publishes that same broadcast while OBS is away. None when the
     * channel already has a source (a playlist or relay held behind OBS comes back by itself).
     */
    async arm(tx: Tx, a: { userId: number; nodeId: number; kind: ChannelKind; transmissionId: number }): Promise<number | null> {
      await lockPlan(tx, a.userId);
      if ((await repo.ofUser(tx, a.userId)).length) return null;
      const p = await processes.create(tx, { userId: a.userId, nodeId: a.nodeId, kind: a.kind, startAt: Date.now(), endAt: null, transmissionId: a.transmissionId, held: true });
      return p.id;
    },
    /** The standby source running for an OBS broadcast, if any. */
    standbyOf: (transmissionId: number) => repo.standbyOf(db, transmissionId),

    /** The process row a source's publish token names, or null (nginx's on_publish asks). */
    verify: (token: string | undefined) => verifyPublishToken(deps.dataDir, token),
    /** That row, when it is of the kind the token's parameter names. */
    source: (id: number, kind: ChannelKind) => repo.byProcess(db, id, kind),

    /**
     * OBS wants the channel: the source on air is held and its publisher dropped at once (held,
     * the engine does not start it again), and once nginx no longer has it publishing, OBS is let
     * in. `left` is false when it did not leave in time (OBS retries by itself); `standby` says
     * that what left was the standby signal of an OBS broadcast (OBS coming back to it), and
     * `beforeStandbyLeaves` runs then, before its publisher is dropped.
     */
    async yieldTo(userId: number, login: string, beforeStandbyLeaves?: () => Promise<void>): Promise<{ left: boolean; standby: boolean }> {
      const active = await repo.ofUser(db, userId);
      const onAir = active.filter((p) => p.held === 0);
      if (!onAir.length) return { left: true, standby: false };
      const standby = onAir.some((p) => p.tipo === 'obs');
      if (standby) await beforeStandbyLeaves?.();
      await setHeld(userId, true);
      const name = streamNameOf(login);
      // OBS is only asking (its publish waits for this answer): whoever publishes the name now is the source
      await media.dropPublisher(name).catch(() => false);
      const until = Date.now() + YIELD_WAIT_MS;
      while (Date.now() < until) {
        const st = await media.stat().catch(() => null);
        if (st && !st.streams.some((s) => s.app === LIVE_APPLICATION && s.name === name && s.publishing)) return { left: true, standby };
        await new Promise((r) => setTimeout(r, 200));
      }
      return { left: false, standby };
    },

    /** OBS left: the held source comes back (this node's worker is woken to start it at once). */
    async release(userId: number): Promise<void> {
      await setHeld(userId, false);
      deps.wake?.();
    },

    /** The worker's sweep: broadcasts whose source stopped or failed end with the reason; holds OBS never used go. */
    async sweep(nodeId: number, dropPublisher: (streamName: string) => Promise<unknown>): Promise<void> {
      // each broadcast and each hold on its own: one that fails is reported, the others go on
      await eachIsolated(await repo.orphanTransmissions(db, nodeId), async (t) => {
        const expired = t.end_at !== null && Date.parse(t.end_at) <= Date.now();
        // a source that stopped in error ends its broadcast with that error (its text kept beside the code)
        const ended = t.error !== null
          ? await transmissions.end(db, t.id, nowIso(), 'source_error', t.error)
          : await transmissions.end(db, t.id, nowIso(), expired ? END_REASONS.expired : END_REASONS.user);
        if (ended) {
          await deps.activity.record(t.user_id, 'transmission_ended', t.titulo);
          if (t.status === 'live') await dropPublisher(t.stream_name);
        }
      }, (t, reason) => log(`transmissão ${t.id} não encerrada: ${reason}`));
      // OBS was let in but never went live (or its end was missed): the source comes back
      await eachIsolated(await repo.staleHolds(db, nodeId, new Date(Date.now() - STALE_HOLD_MS).toISOString()), async (h) => {
        await setHeld(h.user_id, false);
      }, (h, reason) => log(`conta ${h.user_id}: espera do OBS não liberada: ${reason}`));
    },
  };
}
export type Channel = ReturnType<typeof createChannel>;
