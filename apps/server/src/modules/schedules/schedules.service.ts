import { msg, type Booking, type BookingBody } from '@painel/contract';
import type { Selectable } from 'kysely';
import { nowIso, type BookingsTable, type Db, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { eachIsolated } from '../../platform/isolate.ts';
import { limitReached, lockPlan } from '../accounts/plan.ts';
import { playlistNotFound } from '../playlists/playlists.service.ts';
import type { PlayoutService } from '../playout/playout.service.ts';
import { NEVER, daysInMonth, instantOn, latestDue, nextAfter, type Rule } from './occurrences.ts';

type BookingRow = Selectable<BookingsTable> & { nome_principal: string; nome_final: string | null };
const notFound = () => new AppError(404, msg.bookingNotFound);
const DEFAULT_TZ = 'America/Sao_Paulo';
/** Bookings the worker looks at in one pass, at most; any more that are due wait for the next pass (2 s later). */
export const DUE_PAGE = 100;
/** A booking whose rule cannot be read is looked at again this much later, not at the head of every page. */
const BAD_ROW_RETRY_MS = 3_600_000;
const NEVER_ISO = '9999-12-31T23:59:59.999Z';
const isoOf = (t: number) => (t === NEVER ? NEVER_ISO : new Date(t).toISOString());

/**
 * Makes the worker look at the account's bookings again in its next pass (their occurrences
 * moved: the account's time zone changed). A fresh instant rather than a constant, so a pass
 * that read the rows before this change cannot write its stale result over it.
 */
export const recheckBookings = (tx: Tx, userId: number) =>
  tx.updateTable('bookings').set({ next_due_at: nowIso() }).where('user_id', '=', userId).execute();

const ruleOf = (b: Pick<BookingRow, 'frequencia' | 'dias_semana' | 'inicio'>): Rule => ({
  frequencia: b.frequencia, inicio: b.inicio, dias: b.dias_semana ? b.dias_semana.split(',').map(Number) : [],
});

function rows(db: Db) {
  return db.selectFrom('bookings as b').innerJoin('playlists as p', 'p.id', 'b.playlist_id').leftJoin('playlists as e', 'e.id', 'b.ending_playlist_id')
    .selectAll('b').select(['p.nome as nome_principal', 'e.nome as nome_final']);
}

/**
 * The schedule calendar: bookings start a playlist broadcast at their time in the account's
 * time zone, once, every day or on chosen weekdays, optionally shuffled and followed by an
 * ending playlist. The worker's `due` runs them; a booking missed while no worker ran starts
 * late (the most recent occurrence, within a week) and the delay is kept.
 */
export function createSchedulesService(deps: {
  db: Db; playout?: PlayoutService; timezoneOf: (userId: number) => Promise<string>; log?: (m: string) => void;
}) {
  const { db } = deps;
  const log = deps.log ?? ((m: string) => console.log(`[agendamentos] ${m}`));

  function view(r: BookingRow, month: string | null): Booking {
    const rule = ruleOf(r);
    return {
      id: r.id, data: r.inicio.slice(0, 10), id_playlist: r.playlist_id, nome_playlist_principal: r.nome_principal,
      shuffle: r.shuffle ? 'sim' : 'nao', frequencia: r.frequencia, dias_semana: rule.dias,
      finalizacao: r.ending_playlist_id ? 'sim' : 'nao', nome_playlist_finalizacao: r.nome_final, codigo_playlist_finalizacao: r.ending_playlist_id,
      inicio: r.inicio, dias: month ? daysInMonth(rule, month) : [], ultima_execucao: r.last_run_at, atraso_segundos: r.last_delay_s,
    };
  }

  async function values(userId: number, body: BookingBody) {
    for (const id of [body.id_playlist, body.id_playlist_finalizacao]) {
      if (id && !(await db.selectFrom('playlists').select('id').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst())) throw playlistNotFound();
    }
    const inicio = `${body.inicio.replace('T', ' ').slice(0, 16)}:00`;
    const rule: Rule = { frequencia: body.frequencia, dias: body.frequencia === 'dias_da_semana' ? [...new Set(body.dias_semana)].sort() : [], inicio };
    if (body.frequencia === 'uma_vez') {
      const at = instantOn(rule, inicio.slice(0, 10), await deps.timezoneOf(userId));
      if (at === null || at <= Date.now()) throw new AppError(400, msg.bookingPast);
    }
    return {
      playlist_id: body.id_playlist, shuffle: body.shuffle ? 1 : 0, frequencia: body.frequencia, dias_semana: rule.dias.join(','),
      ending_playlist_id: body.finalizacao ? body.id_playlist_finalizacao : null, inicio,
    };
  }

  async function get(userId: number, id: number, month: string | null = null): Promise<Booking> {
    const r = await rows(db).where('b.user_id', '=', userId).where('b.id', '=', id).executeTakeFirst();
    if (!r) throw notFound();
    return view(r, month);
  }

  return {
    async list(userId: number, month: string | undefined): Promise<Booking[]> {
      const all = (await rows(db).where('b.user_id', '=', userId).orderBy('b.inicio').orderBy('b.id').execute()).map((r) => view(r, month ?? null));
      return month ? all.filter((b) => b.dias.length) : all;
    },

    async create(userId: number, body: BookingBody): Promise<Booking> {
      const row = await values(userId, body);
      const id = await db.transaction().execute(async (tx) => {
        // counted under the account's lock, so parallel requests never pass the plan together
        const plan = await lockPlan(tx, userId);
        const n = await tx.selectFrom('bookings').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
        if (Number(n.n) >= plan.max_agendamentos) throw limitReached(msg.bookingLimit(plan.max_agendamentos));
        const at = nowIso();
        // next_due_at now: the worker's next pass works out its first occurrence
        const r = await tx.insertInto('bookings').values({ user_id: userId, ...row, next_due_at: at, created_at: at, updated_at: at })
          .returning('id').executeTakeFirstOrThrow();
        return r.id;
      });
      return get(userId, id);
    },

    async update(userId: number, id: number, body: BookingBody): Promise<Booking> {
      await get(userId, id);
      // a changed booking starts over: its next occurrence is the next one due after now
      const at = nowIso();
      await db.updateTable('bookings').set({ ...(await values(userId, body)), updated_at: at, last_occurrence: null, next_due_at: at })
        .where('id', '=', id).where('user_id', '=', userId).execute();
      return get(userId, id);
    },

    async remove(userId: number, id: number): Promise<void> {
      const r = await db.deleteFrom('bookings').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw notFound();
    },

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
     */
    async due(nodeId: number, now = Date.now()): Promise<number> {
      const playout = deps.playout;
      if (!playout) return 0;
      const list = await db.selectFrom('bookings as b').innerJoin('accounts as a', 'a.id', 'b.user_id')
        .leftJoin('user_settings as s', 's.user_id', 'b.user_id')
        .selectAll('b').select(['a.usuario', 'a.disabled', 's.timezone'])
        .where('b.next_due_at', '<=', new Date(now).toISOString())
        .where((eb) => eb.or([eb('a.codigo_servidor', '=', nodeId), eb('a.codigo_servidor', 'is', null)]))
        .orderBy('b.next_due_at').orderBy('b.id').limit(DUE_PAGE).execute();
      type Row = (typeof list)[number];
      const moveOn = (b: Row, next: string) =>
        db.updateTable('bookings').set({ next_due_at: next }).where('id', '=', b.id).where('next_due_at', '=', b.next_due_at).execute();
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
        // not run yet, and not from before the booking was made (or changed): owed now. A disabled
        // account's bookings are read too, and put off like the others: left due, they would be
        // read again in every pass
        if (!b.disabled && due && `${due.day} ${b.inicio.slice(11)}` !== b.last_occurrence && due.at >= Date.parse(b.updated_at) - 60_000) {
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
        const claim = await db.updateTable('bookings')
          .set({ last_occurrence: key, last_run_at: new Date(now).toISOString(), last_delay_s: Math.max(0, Math.round((now - r.at) / 1000)), next_due_at: r.next })
          .where('id', '=', r.b.id).where('next_due_at', '=', r.b.next_due_at)
          .where((eb) => eb.or([eb('last_occurrence', 'is', null), eb('last_occurrence', '!=', key)])).executeTakeFirst();
        if (Number(claim.numUpdatedRows)) claimed.push(r);
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
export type SchedulesService = ReturnType<typeof createSchedulesService>;

export const timezoneOf = (db: Db) => async (userId: number): Promise<string> =>
  (await db.selectFrom('user_settings').select('timezone').where('user_id', '=', userId).executeTakeFirst())?.timezone ?? DEFAULT_TZ;
