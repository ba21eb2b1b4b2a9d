import type { Booking, BookingBody } from '@painel/contract';
import { nowIso, type Db, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { limitReached, lockPlan } from '../accounts/plan.ts';
import { playlistNotFound } from '../playlists/playlists.service.ts';
import { daysInMonth, instantOn, type Rule } from './occurrences.ts';
import { createSchedulesRepo, type BookingRow } from './schedules.repo.ts';
import { DEFAULT_TZ, ruleOf } from './schedules.due.ts';

export { DUE_PAGE } from './schedules.due.ts';

const notFound = () => new AppError('booking_not_found');
const repo = createSchedulesRepo();

/**
 * Makes the worker look at the account's bookings again in its next pass (their occurrences
 * moved: the account's time zone changed). A fresh instant rather than a constant, so a pass
 * that read the rows before this change cannot write its stale result over it.
 */
export const recheckBookings = (tx: Tx, userId: number) => repo.recheck(tx, userId, nowIso());


/**
 * The schedule calendar: bookings start a playlist broadcast at their time in the account's
 * time zone, once, every day or on chosen weekdays, optionally shuffled and followed by an
 * ending playlist. The worker's scheduler (schedules.due.ts) runs them; a booking missed while no worker ran starts
 * late (the most recent occurrence, within a week) and the delay is kept.
 */
export function createSchedulesService(deps: { db: Db; timezoneOf: (userId: number) => Promise<string> }) {
  const { db } = deps;

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
      if (id && !(await repo.hasPlaylist(db, userId, id))) throw playlistNotFound();
    }
    const inicio = `${body.inicio.replace('T', ' ').slice(0, 16)}:00`;
    const rule: Rule = { frequencia: body.frequencia, dias: body.frequencia === 'dias_da_semana' ? [...new Set(body.dias_semana)].sort() : [], inicio };
    if (body.frequencia === 'uma_vez') {
      const at = instantOn(rule, inicio.slice(0, 10), await deps.timezoneOf(userId));
      if (at === null || at <= Date.now()) throw new AppError('booking_past');
    }
    return {
      playlist_id: body.id_playlist, shuffle: body.shuffle ? 1 : 0, frequencia: body.frequencia, dias_semana: rule.dias.join(','),
      ending_playlist_id: body.finalizacao ? body.id_playlist_finalizacao : null, inicio,
    };
  }

  async function get(userId: number, id: number, month: string | null = null): Promise<Booking> {
    const r = await repo.get(db, userId, id);
    if (!r) throw notFound();
    return view(r, month);
  }

  return {
    async list(userId: number, month: string | undefined): Promise<Booking[]> {
      const all = (await repo.list(db, userId)).map((r) => view(r, month ?? null));
      return month ? all.filter((b) => b.dias.length) : all;
    },

    async create(userId: number, body: BookingBody): Promise<Booking> {
      const row = await values(userId, body);
      const id = await db.transaction().execute(async (tx) => {
        // counted under the account's lock, so parallel requests never pass the plan together
        const plan = await lockPlan(tx, userId);
        if ((await repo.count(tx, userId)) >= plan.max_agendamentos) throw limitReached('booking_limit', plan.max_agendamentos);
        const at = nowIso();
        // next_due_at now: the worker's next pass works out its first occurrence
        return repo.insert(tx, { user_id: userId, ...row, next_due_at: at, created_at: at, updated_at: at });
      });
      return get(userId, id);
    },

    async update(userId: number, id: number, body: BookingBody): Promise<Booking> {
      await get(userId, id);
      // a changed booking starts over: its next occurrence is the next one due after now
      const at = nowIso();
      await repo.update(db, userId, id, { ...(await values(userId, body)), updated_at: at, last_occurrence: null, next_due_at: at });
      return get(userId, id);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.remove(db, userId, id))) throw notFound();
    },

  };
}
export type SchedulesService = ReturnType<typeof createSchedulesService>;

export const timezoneOf = (db: Db) => async (userId: number): Promise<string> =>
  (await repo.timezone(db, userId)) ?? DEFAULT_TZ;
