import { isSuspended } from '@painel/contract';
import type { Db } from '../../platform/db.ts';
import { eachIsolated } from '../../platform/isolate.ts';
import type { PlayoutService } from '../playout/playout.service.ts';
import { NEVER, latestDue, nextAfter, type Rule } from './occurrences.ts';
import { createSchedulesRepo, type BookingRow } from './schedules.repo.ts';

export const DEFAULT_TZ = 'America/Sao_Paulo';
/** Bookings the worker looks at in one pass, at most; any more that are due wait for the next pass (2 s later). */
export const DUE_PAGE = 100;
/** A booking whose rule cannot be read is looked at again this much later, not at the head of every page. */
const BAD_ROW_RETRY_MS = 3_600_000;
const NEVER_ISO = '9999-12-31T23:59:59.999Z';
const isoOf = (t: number) => (t === NEVER ? NEVER_ISO : new Date(t).toISOString());
const repo = createSchedulesRepo();

export const ruleOf = (b: Pick<BookingRow, 'frequencia' | 'dias_semana' | 'inicio'>): Rule => ({
  frequencia: b.frequencia, inicio: b.inicio, dias: b.dias_semana ? b.dias_semana.split(',').map(Number) : [],
});

/**
 * The worker's half of the schedule calendar: the bookings that are due start their playlist.
 * `clock` is the worker's wall clock (tests inject one that jumps).
 */
export function createDueBookings(deps: { db: Db; playout: Pick<PlayoutService, 'start'>; log?: (m: string) => void; clock?: () => number }) {
  const { db, playout } = deps;
  const log = deps.log ?? ((m: string) => console.log(`[agendamentos] ${m}`));
  const clock = deps.clock ?? Date.now;
  return {
  /**
   * The worker's scheduler, every tick: each booking of the node whose latest occurrence is
   * due, not yet run, and not older than the booking itself starts now (replacing what plays).
   *
   * The read is bounded whatever the number of bookings: only rows whose `next_due_at` has
   * come (a range of its index), oldest first, `DUE_PAGE` at most. Every row looked at moves
   * its `next_due_at` on to its next occurrence, so it is not read again before then, and due
   * rows beyond the page are the next pass's. Each of those writes holds only if the row's
   * `next_due_at` is still the one read: a booking changed meanwhile is looked at again rather
   * than run, or put off, by its old rule. Returns how many were due.
   *
   * Nothing here remembers the previous pass's time, so the wall clock may jump either way: an
   * occurrence a jump forward skipped over is owed like one missed while no worker ran, and
   * starts at once, late (the delay is kept); a jump back never runs one again, as the row's
   * `next_due_at` already points past it and its `last_occurrence` names it.
   */
  async due(nodeId: number, now = clock()): Promise<number> {
    const playout = deps.playout;
    if (!playout) return 0;
    const list = await repo.due(db, nodeId, new Date(now).toISOString(), DUE_PAGE);
    type Row = (typeof list)[number];
    const moveOn = (b: Row, next: string) => repo.moveOn(db, b.id, b.next_due_at, next);
    const ready: { b: Row; day: string; at: number; next: string }[] = [];
    // one booking's bad value (a rule, a time zone) is skipped and reported; the others still run
    const skip = (b: { id: number }, reason: string) => log(`agendamento ${b.id} ignorado: ${reason}`);
    await eachIsolated(list, async (b) => {
      let next: string;
      let due: ReturnType<typeof latestDue>;
      try {
        const rule = ruleOf(b);
        const tz = b.timezone ?? DEFAULT_TZ;
        next = isoOf(nextAfter(rule, now, tz));
        due = latestDue(rule, now, tz);
      } catch (e) {
        // put off, or it would stay first in every page
        await moveOn(b, isoOf(now + BAD_ROW_RETRY_MS));
        throw e;
      }
      // not run yet, and not from before the booking was made (or changed): owed now. A suspended
      // account's bookings are read too, and put off like the others: left due, they would be
      // read again in every pass
      if (!isSuspended(b.suspension) && due && `${due.day} ${b.inicio.slice(11)}` !== b.last_occurrence && due.at >= Date.parse(b.updated_at) - 60_000) {
        ready.push({ b, day: due.day, at: due.at, next });
      } else {
        await moveOn(b, next);
      }
    }, skip);
    ready.sort((x, y) => x.at - y.at || x.b.id - y.b.id);
    // claimed first, so two workers never start one twice; the claim also moves next_due_at on
    const claimed: typeof ready = [];
    await eachIsolated(ready, async (r) => {
      const key = `${r.day} ${r.b.inicio.slice(11)}`;
      const run = { at: new Date(now).toISOString(), delayS: Math.max(0, Math.round((now - r.at) / 1000)), next: r.next };
      if (await repo.claim(db, r.b.id, r.b.next_due_at, key, run)) claimed.push(r);
    }, ({ b }, reason) => skip(b, reason));
    // several due for one account: the most recent one is what plays (each start replaces the one before)
    const playing = new Map(claimed.map((r) => [r.b.user_id, r] as const));
    await eachIsolated(playing.values(), async ({ b }) => {
      await playout.start({
        userId: b.user_id, nodeId, login: b.usuario, playlistId: b.playlist_id, endingPlaylistId: b.ending_playlist_id, bookingId: b.id,
        shuffle: b.shuffle === 1,
      }).catch(() => undefined); // an emptied playlist: the booking is kept, nothing plays
    }, ({ b }, reason) => skip(b, reason));
    return ready.length;
  },
  };
}
export type DueBookings = ReturnType<typeof createDueBookings>;
