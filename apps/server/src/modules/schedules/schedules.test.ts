import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { msg, type Booking } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { makeClips, newFolder, upload, type Clips } from '../../testing/library.ts';
import { createActivityRepo } from '../activity/activity.repo.ts';
import { createActivityService } from '../activity/activity.service.ts';
import { createProcessesRepo } from '../engine/processes.repo.ts';
import { createProcesses } from '../engine/processes.service.ts';
import { createMediaRepo } from '../media/media.repo.ts';
import { createMediaServer } from '../media/media-server.ts';
import { createPlaylistsRepo } from '../playlists/playlists.repo.ts';
import { createPlayoutRepo } from '../playout/playout.repo.ts';
import { createPlayoutService } from '../playout/playout.service.ts';
import { createStreamingRepo } from '../streaming/streaming.repo.ts';
import { createSchedulesService, timezoneOf } from './schedules.service.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** A São Paulo wall time (UTC-3, no daylight saving since 2019) as an instant. */
const sp = (day: string, hm: string) => Date.parse(`${day}T${hm}:00-03:00`);
const spDay = (ts: number) => {
  const d = new Date(ts - 3 * 3600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('schedules: the calendar and the worker scheduler (injected clock)', () => {
  let h: Harness;
  let clips: Clips;
  let a: { id: number; token: string };
  let b: { id: number; token: string };
  let manha: number;
  let filmes: number;
  let encerramento: number;
  let schedules: ReturnType<typeof createSchedulesService>;
  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const playouts = () => h.core.store.db.selectFrom('playouts as o').innerJoin('media_processes as p', 'p.id', 'o.process_id')
    .select(['o.playlist_id', 'o.ending_playlist_id', 'o.booking_id', 'o.shuffle', 'p.desired']).where('o.user_id', '=', a.id).orderBy('o.id').execute();

  before(async () => {
    clips = makeClips();
    h = await startHarness();
    const acc = await h.createAccount();
    a = { id: acc.id, token: await h.login(acc.email, acc.password) };
    const other = await h.createAccount();
    b = { id: other.id, token: await h.login(other.email, other.password) };
    const folder = await newFolder(h, a.token, 'Canal');
    const video = (await upload(h, a.token, folder, 'um.mp4', clips.ok)).json<{ video: { id: number } }>().video.id;
    const mk = async (nome: string) => {
      const id = (await api(a.token, 'POST', '/api/playlists', { nome })).json<{ id: number }>().id;
      await api(a.token, 'PUT', `/api/playlists/${id}`, { videos: [{ id: video, ordem: 1 }] });
      return id;
    };
    manha = await mk('Manhã');
    filmes = await mk('Filmes');
    encerramento = await mk('Encerramento');
    const db = h.core.store.db;
    const media = createMediaServer({ db, repo: createMediaRepo(), nodeId: h.config.media.nodeId, controlPort: 1 });
    const playout = createPlayoutService({
      db, repo: createPlayoutRepo(), playlists: createPlaylistsRepo(), streaming: createStreamingRepo(), processes: createProcesses({ repo: createProcessesRepo() }),
      media, activity: createActivityService({ db, repo: createActivityRepo() }), config: h.config,
    });
    schedules = createSchedulesService({ db, playout, timezoneOf: timezoneOf(db) });
  });
  after(async () => {
    await h?.close();
    clips?.close();
  });

  const today = spDay(Date.now());
  // the next Saturday after today, and the Monday after it
  const saturday = (() => {
    let d = plusDays(today, 1);
    while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 6) d = plusDays(d, 1);
    return d;
  })();
  const monday = plusDays(saturday, 2);

  test('bookings: created with every field, read per month with their days; bad input changes nothing', async () => {
    const once = await api(a.token, 'POST', '/api/agendamentos', {
      data: saturday, id_playlist: filmes, shuffle: false, frequencia: 'uma_vez', finalizacao: true, id_playlist_finalizacao: encerramento, inicio: `${saturday} 20:00:00`,
    });
    assert.equal(once.statusCode, 200, once.body);
    assert.equal(once.json().message, msg.bookingCreated);
    const weekdays = await api(a.token, 'POST', '/api/agendamentos', {
      data: today, id_playlist: manha, shuffle: true, frequencia: 'dias_da_semana', finalizacao: false, id_playlist_finalizacao: null,
      inicio: `${today} 06:00:00`, dias_semana: [1, 2, 3, 4, 5],
    });
    assert.equal(weekdays.statusCode, 200, weekdays.body);
    const month = saturday.slice(0, 7);
    const list = (await api(a.token, 'GET', `/api/agendamentos?mesAno=${month}`)).json<Booking[]>();
    const f = list.find((x) => x.id_playlist === filmes)!;
    assert.deepEqual(f.dias, [saturday]);
    assert.equal(f.finalizacao, 'sim');
    assert.equal(f.nome_playlist_finalizacao, 'Encerramento');
    assert.equal(f.inicio, `${saturday} 20:00:00`);
    const m = list.find((x) => x.id_playlist === manha)!;
    assert.equal(m.shuffle, 'sim');
    assert.deepEqual(m.dias_semana, [1, 2, 3, 4, 5]);
    assert.ok(m.dias.length > 0 && m.dias.every((d) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay())));

    const bad = [
      [{ id_playlist: manha, frequencia: 'dias_da_semana', inicio: `${today} 06:00:00` }, msg.bookingWeekdaysRequired],
      [{ id_playlist: manha, frequencia: 'uma_vez', inicio: '2020-01-01 06:00:00' }, msg.bookingPast],
      [{ id_playlist: manha, frequencia: 'uma_vez', finalizacao: true, inicio: `${saturday} 06:00:00` }, msg.bookingEndingRequired],
      [{ frequencia: 'uma_vez', inicio: `${saturday} 06:00:00` }, msg.selectPlaylist],
    ] as const;
    for (const [body, error] of bad) {
      const r = await api(a.token, 'POST', '/api/agendamentos', body);
      assert.equal(r.statusCode, 400, r.body);
      assert.equal(r.json().error, error);
    }
    assert.equal((await api(a.token, 'GET', '/api/agendamentos')).json<Booking[]>().length, 2);
  });

  test('another account cannot see, change, delete or book with A\'s playlists', async () => {
    const [one] = (await api(a.token, 'GET', '/api/agendamentos')).json<Booking[]>();
    assert.deepEqual((await api(b.token, 'GET', '/api/agendamentos')).json(), []);
    const body = { id_playlist: manha, frequencia: 'diariamente', inicio: `${today} 06:00:00` };
    assert.equal((await api(b.token, 'PUT', `/api/agendamentos/${one!.id}`, body)).statusCode, 404);
    assert.equal((await api(b.token, 'DELETE', `/api/agendamentos/${one!.id}`)).statusCode, 404);
    assert.equal((await api(b.token, 'POST', '/api/agendamentos', body)).statusCode, 404);
    assert.equal((await api(a.token, 'GET', '/api/agendamentos')).json<Booking[]>().length, 2);
  });

  test('the scheduler starts each booking at its time, once, late when it was missed, with the ending playlist', async () => {
    const node = h.config.media.nodeId;
    assert.equal(await schedules.due(node, sp(saturday, '19:59')), 1); // Friday's 06:00 of the weekday booking at most
    const before = (await playouts()).filter((p) => p.playlist_id === filmes).length;
    assert.equal(before, 0);
    // 20:00:05 on Saturday: the film night starts, 5 s late, once
    await schedules.due(node, sp(saturday, '20:00') + 5000);
    let ps = await playouts();
    const film = ps.at(-1)!;
    assert.deepEqual([film.playlist_id, film.ending_playlist_id, film.desired], [filmes, encerramento, 'running']);
    const rows = (await api(a.token, 'GET', '/api/agendamentos')).json<Booking[]>();
    assert.equal(rows.find((x) => x.id_playlist === filmes)!.atraso_segundos, 5);
    const n = ps.length;
    await schedules.due(node, sp(saturday, '20:01'));
    assert.equal((await playouts()).length, n, 'uma vez só');
    // Sunday: nothing new; Monday 06:00 missed while no worker ran: starts at 09:00, 3 h late, replacing the film
    await schedules.due(node, sp(plusDays(saturday, 1), '06:30'));
    assert.equal((await playouts()).length, n);
    await schedules.due(node, sp(monday, '09:00'));
    ps = await playouts();
    assert.equal(ps.length, n + 1);
    assert.deepEqual([ps.at(-1)!.playlist_id, ps.at(-1)!.shuffle, ps.at(-1)!.desired], [manha, 1, 'running']);
    assert.equal(ps.filter((p) => p.desired === 'running').length, 1, 'um playout por conta');
    assert.equal((await api(a.token, 'GET', '/api/agendamentos')).json<Booking[]>().find((x) => x.id_playlist === manha)!.atraso_segundos, 3 * 3600);
  });
});
