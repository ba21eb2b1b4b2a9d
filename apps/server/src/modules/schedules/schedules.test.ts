import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorText, msg, type Booking } from '@painel/contract';
import type { KyselyPlugin, QueryId } from 'kysely';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { makeClips, newFolder, upload, type Clips } from '../../testing/library.ts';
import type { PlayoutService } from '../playout/playout.service.ts';
import { DUE_PAGE, createDueBookings } from './schedules.due.ts';

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
  let schedules: ReturnType<typeof createDueBookings>;
  let playout: PlayoutService;
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
    playout = h.core.services.playout;
    schedules = createDueBookings({ db, playout });
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
      [{ id_playlist: manha, frequencia: 'dias_da_semana', inicio: `${today} 06:00:00` }, errorText('booking_weekdays_required')],
      [{ id_playlist: manha, frequencia: 'uma_vez', inicio: '2020-01-01 06:00:00' }, errorText('booking_past')],
      [{ id_playlist: manha, frequencia: 'uma_vez', finalizacao: true, inicio: `${saturday} 06:00:00` }, errorText('booking_ending_required')],
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

  test('playlist starts at the same instant leave one source on the channel', async () => {
    const acc = await h.core.accounts.byId(a.id);
    const start = (playlistId: number) => playout.start({ userId: a.id, nodeId: h.config.media.nodeId, login: acc!.usuario, playlistId });
    await Promise.all([start(manha), start(filmes), start(encerramento), start(manha), start(filmes), start(encerramento)]);
    const running = await h.core.store.db.selectFrom('media_processes').select('id').where('user_id', '=', a.id)
      .where('kind', 'in', ['playout', 'relay']).where('desired', '=', 'running').execute();
    assert.equal(running.length, 1);
  });
});

describe('schedules: the plan limits bookings, and the worker reads a bounded page', () => {
  let h: Harness;
  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const today = spDay(Date.now());
  const booking = (playlist: number, inicio = `${today} 06:00:00`) => ({
    data: today, id_playlist: playlist, shuffle: false, frequencia: 'diariamente', finalizacao: false, id_playlist_finalizacao: null, inicio,
  });
  const account = async (plan: { maxAgendamentos?: number } = {}) => {
    const c = await h.createAccount(plan);
    const token = await h.login(c.email, c.password);
    const playlist = (await api(token, 'POST', '/api/playlists', { nome: 'Grade' })).json<{ id: number }>().id;
    return { id: c.id, token, playlist };
  };
  const count = async (userId: number) =>
    Number((await h.core.store.db.selectFrom('bookings').select((e) => e.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  test('the booking past the plan is refused with the message and not stored; another account is not affected', async () => {
    const x = await account({ maxAgendamentos: 3 });
    const y = await account();
    for (let i = 0; i < 3; i++) assert.equal((await api(x.token, 'POST', '/api/agendamentos', booking(x.playlist))).statusCode, 200);
    const r = await api(x.token, 'POST', '/api/agendamentos', booking(x.playlist));
    assert.equal(r.statusCode, 409, r.body);
    assert.equal(r.json().error, errorText('booking_limit', { max: 3 }));
    assert.equal(await count(x.id), 3);
    // changing one is no new booking
    const [first] = (await api(x.token, 'GET', '/api/agendamentos')).json<Booking[]>();
    assert.equal((await api(x.token, 'PUT', `/api/agendamentos/${first!.id}`, booking(x.playlist, `${today} 07:00:00`))).statusCode, 200);
    assert.equal((await api(y.token, 'POST', '/api/agendamentos', booking(y.playlist))).statusCode, 200);
    // one removed makes room for one
    assert.equal((await api(x.token, 'DELETE', `/api/agendamentos/${first!.id}`)).statusCode, 200);
    assert.equal((await api(x.token, 'POST', '/api/agendamentos', booking(x.playlist))).statusCode, 200);
    assert.equal(await count(x.id), 3);

    // at the same instant: never more than the plan together
    const z = await account({ maxAgendamentos: 2 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => api(z.token, 'POST', '/api/agendamentos', booking(z.playlist))));
    assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 200, 409, 409, 409]);
    assert.equal(await count(z.id), 2);
  });

  test('the worker reads at most a page per pass, never misses a due booking, and reads nothing once all are ahead', async () => {
    const db = h.core.store.db;
    const node = h.config.media.nodeId;
    // the rows the scheduler's read returns, per select (the only select of a pass)
    const selects = new WeakSet<QueryId>();
    let reads: number[] = [];
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode') selects.add(args.queryId);
        return args.node;
      },
      transformResult: async (args) => {
        if (selects.has(args.queryId)) reads.push(args.result.rows.length);
        return args.result;
      },
    };
    const playout = h.core.services.playout;
    const schedules = createDueBookings({ db: db.withPlugin(counter), playout, log: () => {} });
    const pass = async (now: number) => {
      reads = [];
      await schedules.due(node, now);
      assert.equal(reads.length, 1);
      return reads[0]!;
    };

    // 250 bookings far ahead, as migration 010 leaves existing rows (looked at once), and one due now, last in order
    const w = await account();
    const far = plusDays(today, 300);
    const past = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await db.insertInto('bookings').values(Array.from({ length: 250 }, () => ({
      user_id: w.id, playlist_id: w.playlist, shuffle: 0, frequencia: 'uma_vez' as const, dias_semana: '', ending_playlist_id: null,
      inicio: `${far} 12:00:00`, last_occurrence: null, last_run_at: null, last_delay_s: null, created_at: past, updated_at: past,
    }))).execute();
    const due = await db.insertInto('bookings').values({
      user_id: w.id, playlist_id: w.playlist, shuffle: 0, frequencia: 'diariamente', dias_semana: '', ending_playlist_id: null,
      inicio: `${spDay(Date.now() - 2 * 86_400_000)} 00:01:00`, last_occurrence: null, last_run_at: null, last_delay_s: null, created_at: past, updated_at: past,
    }).returning('id').executeTakeFirstOrThrow();

    const now = Date.now();
    const pending = Number((await db.selectFrom('bookings').select((e) => e.fn.countAll().as('n')).where('next_due_at', '<=', new Date(now).toISOString()).executeTakeFirstOrThrow()).n);
    assert.ok(pending > 2 * DUE_PAGE && pending <= 3 * DUE_PAGE, `${pending}`);
    const seen = [await pass(now), await pass(now), await pass(now), await pass(now)];
    assert.deepEqual(seen, [DUE_PAGE, DUE_PAGE, pending - 2 * DUE_PAGE, 0]);
    // the due one, last of the pages, ran in its pass
    const ran = await db.selectFrom('bookings').select(['last_occurrence', 'last_run_at']).where('id', '=', due.id).executeTakeFirstOrThrow();
    assert.equal(ran.last_run_at, new Date(now).toISOString());
    assert.ok(ran.last_occurrence?.endsWith(' 00:01:00'));
    // the others wait for their own time, and are read then
    const ahead = await db.selectFrom('bookings').select('next_due_at').where('user_id', '=', w.id).where('id', '!=', due.id).execute();
    assert.ok(ahead.every((r) => r.next_due_at === new Date(sp(far, '12:00')).toISOString()));
    assert.equal(await pass(now + 60_000), 0);
    assert.equal(await pass(sp(far, '12:00') + 1000), DUE_PAGE);

    // a new time zone moves every occurrence: the account's bookings are looked at again, a page at a time
    const settings = (await api(w.token, 'GET', '/api/user-settings')).json<Record<string, unknown>>();
    assert.equal((await api(w.token, 'POST', '/api/user-settings', { ...settings, timezone: 'Asia/Tokyo' })).statusCode, 200);
    const later = Date.now() + 1000;
    const again = Number((await db.selectFrom('bookings').select((e) => e.fn.countAll().as('n')).where('user_id', '=', w.id)
      .where('next_due_at', '<=', new Date(later).toISOString()).executeTakeFirstOrThrow()).n);
    assert.equal(again, 251);
    assert.equal(await pass(later), DUE_PAGE);
  });
});
