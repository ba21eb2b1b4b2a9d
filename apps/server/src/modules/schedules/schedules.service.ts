import { msg, type Booking, type BookingBody } from '@painel/contract';
import type { Selectable } from 'kysely';
import { nowIso, type BookingsTable, type Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { playlistNotFound } from '../playlists/playlists.service.ts';
import type { PlayoutService } from '../playout/playout.service.ts';
import { daysInMonth, instantOn, latestDue, type Rule } from './occurrences.ts';

type BookingRow = Selectable<BookingsTable> & { nome_principal: string; nome_final: string | null };
const notFound = () => new AppError(404, msg.bookingNotFound);
const DEFAULT_TZ = 'America/Sao_Paulo';

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
export function createSchedulesService(deps: { db: Db; playout?: PlayoutService; timezoneOf: (userId: number) => Promise<string> }) {
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
      const at = nowIso();
      const r = await db.insertInto('bookings').values({ user_id: userId, ...(await values(userId, body)), created_at: at, updated_at: at })
        .returning('id').executeTakeFirstOrThrow();
      return get(userId, r.id);
    },

    async update(userId: number, id: number, body: BookingBody): Promise<Booking> {
      await get(userId, id);
      // a changed booking starts over: its next occurrence is the next one due after now
      await db.updateTable('bookings').set({ ...(await values(userId, body)), updated_at: nowIso(), last_occurrence: null })
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
     */
    async due(nodeId: number, now = Date.now()): Promise<number> {
      const playout = deps.playout;
      if (!playout) return 0;
      // one read: every booking of an active account with its login, node and time zone
      const list = await db.selectFrom('bookings as b').innerJoin('accounts as a', 'a.id', 'b.user_id')
        .leftJoin('user_settings as s', 's.user_id', 'b.user_id')
        .selectAll('b').select(['a.usuario', 'a.codigo_servidor', 's.timezone'])
        .where('a.disabled', '=', 0).execute();
      const ready: { b: (typeof list)[number]; day: string; at: number }[] = [];
      for (const b of list) {
        if ((b.codigo_servidor ?? nodeId) !== nodeId) continue;
        const due = latestDue(ruleOf(b), now, b.timezone ?? DEFAULT_TZ);
        if (!due || `${due.day} ${b.inicio.slice(11)}` === b.last_occurrence) continue;
        // an occurrence from before the booking was made (or changed) is not owed
        if (due.at < Date.parse(b.updated_at) - 60_000) continue;
        ready.push({ b, day: due.day, at: due.at });
      }
      // several due for one account: the most recent one is what plays
      ready.sort((x, y) => x.at - y.at);
      for (const { b, day, at } of ready) {
        const key = `${day} ${b.inicio.slice(11)}`;
        // claimed first, so two workers never start it twice
        const claim = await db.updateTable('bookings').set({ last_occurrence: key, last_run_at: new Date(now).toISOString(), last_delay_s: Math.max(0, Math.round((now - at) / 1000)) })
          .where('id', '=', b.id).where((eb) => eb.or([eb('last_occurrence', 'is', null), eb('last_occurrence', '!=', key)])).executeTakeFirst();
        if (!Number(claim.numUpdatedRows)) continue;
        await playout.start({
          userId: b.user_id, nodeId, login: b.usuario, playlistId: b.playlist_id, endingPlaylistId: b.ending_playlist_id, bookingId: b.id,
          shuffle: b.shuffle === 1,
        }).catch(() => undefined); // an emptied playlist: the booking is kept, nothing plays
      }
      return ready.length;
    },
  };
}
export type SchedulesService = ReturnType<typeof createSchedulesService>;

export const timezoneOf = (db: Db) => async (userId: number): Promise<string> =>
  (await db.selectFrom('user_settings').select('timezone').where('user_id', '=', userId).executeTakeFirst())?.timezone ?? DEFAULT_TZ;
