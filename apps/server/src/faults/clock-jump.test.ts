import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Booking } from '@painel/contract';
import { createDueBookings, type DueBookings } from '../modules/schedules/schedules.due.ts';
import { bearerHeader, startHarness, type Harness } from '../testing/harness.ts';
import { makeClips, newFolder, upload, type Clips } from '../testing/library.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** A São Paulo wall time (UTC-3, no daylight saving since 2019) as an instant. */
const sp = (day: string, hms: string) => Date.parse(`${day}T${hms.length === 5 ? `${hms}:00` : hms}-03:00`);
const spDay = (ts: number) => {
  const d = new Date(ts - 3 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const HOUR = 3600_000;

/**
 * Fault: the worker's wall clock jumps an hour forward or back (a host whose clock was wrong
 * and is corrected, a VM restored from a snapshot). The scheduler runs against the real
 * database with an injected clock that ticks every 2 s, as the worker's loop does, and jumps.
 *
 * What a user expects, and what is asserted: an occurrence a jump forward skipped over is
 * owed like one missed while the worker was down, so it starts at once, late, with its delay
 * shown ("atraso"), and only once; a jump back never runs an occurrence that already ran,
 * even when the clock passes its time again; the next occurrences keep their own times.
 */
describe('fault: the worker clock jumps ±1 h (schedules)', () => {
  let h: Harness;
  let clips: Clips;
  let a: { id: number; token: string };
  let playlist: number;
  let now = 0;
  let scheduler: DueBookings;
  const node = () => h.config.media.nodeId;
  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(a.token), ...(payload ? { payload } : {}) });
  /** Playout starts each booking made, by booking. */
  const runs = async () => {
    const rows = await h.core.store.db.selectFrom('playouts').select(['booking_id']).where('user_id', '=', a.id).execute();
    const n = new Map<number, number>();
    for (const r of rows) if (r.booking_id !== null) n.set(r.booking_id, (n.get(r.booking_id) ?? 0) + 1);
    return n;
  };
  const booking = async (id: number) => (await api('GET', '/api/agendamentos')).json<Booking[]>().find((b) => b.id === id)!;
  const book = async (frequencia: 'diariamente' | 'uma_vez', inicio: string) => {
    const r = await api('POST', '/api/agendamentos', {
      data: inicio.slice(0, 10), id_playlist: playlist, shuffle: false, frequencia, finalizacao: false, id_playlist_finalizacao: null, inicio,
    });
    assert.equal(r.statusCode, 200, r.body);
    return r.json<{ agendamento: Booking }>().agendamento.id;
  };
  /** The worker's loop between two instants: a pass every 2 s around `marks`, every minute elsewhere. */
  const tickUntil = async (end: number, marks: number[] = []) => {
    const near = (t: number) => marks.some((m) => Math.abs(t - m) <= 6000);
    while (now < end) {
      await scheduler.due(node());
      now = Math.min(end, now + (near(now) ? 2000 : 60_000));
    }
    await scheduler.due(node());
  };

  // two days ahead, so every booking is in the future for the API's own clock
  const day = plusDays(spDay(Date.now()), 2);

  before(async () => {
    clips = makeClips();
    h = await startHarness();
    const acc = await h.createAccount();
    a = { id: acc.id, token: await h.login(acc.email, acc.password) };
    const folder = await newFolder(h, a.token, 'Canal');
    const video = (await upload(h, a.token, folder, 'um.mp4', clips.ok)).json<{ video: { id: number } }>().video.id;
    playlist = (await api('POST', '/api/playlists', { nome: 'Grade' })).json<{ id: number }>().id;
    await h.app.inject({ method: 'PUT', url: `/api/playlists/${playlist}`, headers: bearerHeader(a.token), payload: { videos: [{ id: video, ordem: 1 }] } });
    scheduler = createDueBookings({ db: h.core.store.db, playout: h.core.services.playout, log: () => {}, clock: () => now });
  });
  after(async () => {
    await h?.close();
    clips?.close();
  });

  test('forward across a start: it runs once, late, at the first pass after the jump; back again: not twice', async () => {
    const daily = await book('diariamente', `${day} 10:00:00`);
    const once = await book('uma_vez', `${day} 20:00:00`);
    now = sp(day, '09:00');
    await tickUntil(sp(day, '09:30'));
    assert.equal((await runs()).size, 0);

    // 09:30 → 10:30: 10:00 never came for this worker
    const jump = now + HOUR;
    now = jump;
    await scheduler.due(node());
    assert.equal((await runs()).get(daily), 1, 'a ocorrência saltada roda no primeiro passe após o salto');
    const late = await booking(daily);
    assert.equal(late.atraso_segundos, 1800);
    assert.equal(late.ultima_execucao, new Date(jump).toISOString());
    await tickUntil(sp(day, '10:40'));
    assert.equal((await runs()).get(daily), 1);

    // corrected back an hour (10:40 → 09:40): passing 10:00 again runs nothing
    now -= HOUR;
    await tickUntil(sp(day, '10:40'), [sp(day, '10:00')]);
    assert.equal((await runs()).get(daily), 1, 'não roda de novo quando o relógio volta');

    // the single booking: 19:30 → 20:30 skips its start; it runs once, 30 min late, and back at 19:30 not again
    await tickUntil(sp(day, '19:30'));
    assert.equal((await runs()).get(once), undefined);
    now += HOUR;
    await scheduler.due(node());
    assert.equal((await runs()).get(once), 1);
    assert.equal((await booking(once)).atraso_segundos, 1800);
    now -= HOUR;
    await tickUntil(sp(day, '20:10'), [sp(day, '20:00')]);
    assert.equal((await runs()).get(once), 1);

    // nothing lost: the next day's occurrence runs at its own time, on time
    await tickUntil(sp(plusDays(day, 1), '10:00') + 2000, [sp(plusDays(day, 1), '10:00')]);
    assert.equal((await runs()).get(daily), 2);
    assert.ok((await booking(daily)).atraso_segundos! <= 2);
    console.log('FALHA relógio +1 h: recuperado em 0 s (primeiro passe após o salto); a ocorrência saltada roda uma vez com atraso de 1800 s; nada se perdeu');
  });

  test('back across a start it already ran: not run again; back before its start: it runs once, on time', async () => {
    const d = plusDays(day, 3);
    const daily = await book('diariamente', `${d} 08:00:00`);
    now = sp(d, '07:50');
    await tickUntil(sp(d, '08:10'), [sp(d, '08:00')]);
    const ranAt = (await booking(daily)).ultima_execucao;
    assert.equal((await runs()).get(daily), 1);
    assert.ok((await booking(daily)).atraso_segundos! <= 2);
    // 08:10 → 07:10, and the clock walks past 08:00 again
    now -= HOUR;
    await tickUntil(sp(d, '08:30'), [sp(d, '08:00')]);
    assert.equal((await runs()).get(daily), 1, 'uma vez só');
    assert.equal((await booking(daily)).ultima_execucao, ranAt);

    // a jump back shortly before a start (the clock was an hour ahead): it waits for its time
    const noon = await book('uma_vez', `${d} 12:00:00`);
    now = sp(d, '11:55');
    await scheduler.due(node());
    now -= HOUR;
    await tickUntil(sp(d, '11:59:58'));
    assert.equal((await runs()).get(noon), undefined, 'não adiantado');
    await tickUntil(sp(d, '12:00:02'), [sp(d, '12:00')]);
    assert.equal((await runs()).get(noon), 1);
    assert.ok((await booking(noon)).atraso_segundos! <= 2);
    console.log('FALHA relógio -1 h: recuperado em 0 s; nenhuma ocorrência roda duas vezes, a próxima roda na hora; nada se perdeu');
  });
});
