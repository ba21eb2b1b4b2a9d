import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { LIVE_STATE_TEXT, errorText, msg } from '@painel/contract';
import { loadConfig } from '../../platform/config.ts';
import { formatZoned } from '../../platform/zoned-time.ts';
import { addressesOf, channelUrls } from '../streaming/urls.ts';
import { restreamChild, sourceOf } from './lives.child.ts';
import { createLivesRepo } from './lives.repo.ts';
import { overlapOf } from './lives.service.ts';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { createMediaRepo } from '../media/media.repo.ts';
import { NGINX_SERVICE } from '../media/media-server.ts';
import { eventually, startLiveStack, type LiveStack, type Publisher } from '../../testing/live.ts';
import { startRtmpDestination, type RtmpDestination } from '../../testing/rtmp-destination.ts';

const TZ = 'America/Sao_Paulo';
const at = (msFromNow: number) => formatZoned(Date.now() + msFromNow, TZ);
const HOUR = 3_600_000;

interface Live { id: number; status: number; status_text: string; estado: string; erro: string | null; erro_codigo: string | null; erro_valores: Record<string, unknown> | null; servidor_live: string; platform_name: string; duracao: string }

/**
 * Restreams end to end: the account's OBS picture (ffmpeg publishing into the worker's real
 * nginx-rtmp) pushed by the worker's ffmpeg to a second nginx-rtmp that stands in for the
 * platform, where the bytes that really arrived are read.
 */
// real media, the same on either database: run once, in the SQLite phase
describe('lives: restreams to a platform', { skip: process.env.TEST_PG_ADMIN_URL ? 'coberto na execução com SQLite' : false }, () => {
  let s: LiveStack;
  let dest: RtmpDestination;
  let a: { id: number; usuario: string; token: string; key: string };
  let b: { id: number; usuario: string; token: string };
  let obs: Publisher;
  let source: string;

  const api = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const lives = async (token = a.token): Promise<Live[]> => (await api(token, 'GET', '/api/streaming/lives')).json().lives;
  const liveOf = async (id: number) => (await lives()).find((l) => l.id === id);
  const form = (over: object = {}) => ({
    tipo: 'youtube', servidor_rtmp: dest.server, servidor_rtmp_chave: 'chave-certa', servidor_stm: source,
    data_inicio: '', data_fim: at(HOUR), inicio_imediato: 'sim', ...over,
  });
  const startLive = async (over: object = {}) => {
    const r = await api(a.token, 'POST', '/api/streaming/start-live', form(over));
    assert.equal(r.statusCode, 200, r.body);
    return r.json() as { success: boolean; message: string; live: { id: number } };
  };
  /**
   * Bytes at the platform, then again once 50 KB more have arrived or 4 s have passed: read from
   * the HLS, a restream delivers a fragment (2 s) at a time.
   */
  const flow = async (key: string) => {
    const b0 = (await dest.received(key)).bytes;
    const until = Date.now() + 4000;
    let b1 = b0;
    while (b1 <= b0 + 50_000 && Date.now() < until) {
      await sleep(200);
      b1 = (await dest.received(key)).bytes;
    }
    return [b0, b1] as const;
  };
  const processRow = (liveId: number) =>
    s.h.core.store.db.selectFrom('lives as l').innerJoin('media_processes as p', 'p.id', 'l.process_id').selectAll('p')
      .where('l.id', '=', liveId).executeTakeFirst();
  const rowCounts = async () => ({
    lives: Number((await s.h.core.store.db.selectFrom('lives').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
    processes: Number((await s.h.core.store.db.selectFrom('media_processes').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n),
  });

  before(async () => {
    dest = await startRtmpDestination({ keys: ['chave-certa', 'chave-dois', 'chave-agenda', 'chave-queda'] });
    s = await startLiveStack({
      env: { OUTBOUND_ALLOW: dest.allowEntry },
      worker: { engine: { backoff: { minMs: 300, maxMs: 1500, resetAfterMs: 60_000 }, staleAfterMs: 8000, ioTimeoutSeconds: 5 } },
    });
    const ca = await s.h.createAccount();
    const cb = await s.h.createAccount();
    const ta = await s.h.login(ca.email, ca.password);
    a = { ...ca, token: ta, key: ((await api(ta, 'GET', '/api/dados-conexao')).json().rtmp.chave as string) };
    b = { ...cb, token: await s.h.login(cb.email, cb.password) };
    source = (await api(ta, 'GET', '/api/streaming/source-urls')).json().source_urls.http_m3u8;
    obs = s.publish(a.key, { videoKbps: 600 });
    await eventually(async () => (await api(a.token, 'GET', '/api/streaming/status')).json().is_live, 15_000, 'OBS ao vivo');
  });
  after(async () => {
    await obs?.stop();
    await s?.close();
    await dest?.close();
  });

  test('start now: the platform receives the picture; finish stops it', async () => {
    const r = await startLive();
    assert.equal(r.message, msg.liveStarted);
    // how soon is bench/restream.ts's figure; here, that it arrives
    await eventually(async () => (await dest.received('chave-certa')).bytes > 50_000, 15_000, 'bytes no destino');
    const [b0, b1] = await flow('chave-certa');
    assert.ok(b1 > b0 + 50_000, `o destino recebe sem parar (${b0} → ${b1})`);
    const live = await eventually(async () => {
      const l = await liveOf(r.live.id);
      return l?.status === 1 && l;
    }, 5000, 'status transmitindo');
    assert.equal(live.status_text, LIVE_STATE_TEXT.live);
    assert.equal(live.platform_name, 'YouTube');
    // the key is a secret: never shown whole
    assert.ok(!JSON.stringify(await lives()).includes('chave-certa'));
    assert.match(live.servidor_live, /\/live2\/chav•+$/);
    // OBS itself is listed while it is live
    const obsRow = (await lives()).find((l) => l.id === 0);
    assert.equal(obsRow?.status, 1);

    const stop = await api(a.token, 'POST', `/api/streaming/stop-live/${r.live.id}`);
    assert.equal(stop.statusCode, 200);
    assert.equal(stop.json().message, msg.liveStopped);
    assert.equal((await liveOf(r.live.id))?.status, 0);
    await eventually(async () => !(await dest.received('chave-certa')).publishing, 8000, 'destino parado');
    assert.equal(s.worker.engine.running().length, 0);
    assert.equal((await liveOf(r.live.id))?.status_text, LIVE_STATE_TEXT.finished);
    // finishing twice, or a finished one, is refused plainly
    const again = await api(a.token, 'POST', `/api/streaming/stop-live/${r.live.id}`);
    assert.equal(again.statusCode, 400);
    assert.equal(again.json().error, errorText('live_not_transmitting'));
  });

  test('remove a running live: it is stopped first, then gone', async () => {
    const r = await startLive({ servidor_rtmp_chave: 'chave-dois', tipo: 'twitch' });
    await eventually(async () => (await dest.received('chave-dois')).bytes > 50_000, 15_000, 'bytes no destino');
    const del = await api(a.token, 'DELETE', `/api/streaming/remove-live/${r.live.id}`);
    assert.equal(del.statusCode, 200);
    assert.equal(del.json().message, msg.liveRemoved);
    assert.equal(await liveOf(r.live.id), undefined);
    await eventually(async () => !(await dest.received('chave-dois')).publishing, 8000, 'destino parado');
    await eventually(async () => s.worker.engine.running().length === 0, 5000, 'nenhum processo');
  });

  test('a scheduled live starts at its start time and ends at its end time', async () => {
    const startText = at(2 * HOUR);
    const r = await startLive({ servidor_rtmp_chave: 'chave-agenda', inicio_imediato: 'nao', data_inicio: startText, data_fim: at(3 * HOUR) });
    assert.equal(r.message, msg.liveScheduled);
    // the dashboard's activity: the sentence in Portuguese in the account's zone, and what a client
    // writing it in another language needs (the platform and the start as an instant)
    const [event] = (await api(a.token, 'GET', '/api/dashboard/overview')).json().atividade_recente as { tipo: string; descricao: string; detalhe: string }[];
    assert.equal(event?.tipo, 'live_scheduled');
    assert.equal(event?.descricao, msg.liveActivityScheduled('YouTube', startText));
    const [platform, startIso] = event!.detalhe.split('|');
    assert.equal(platform, 'YouTube');
    assert.equal(formatZoned(startIso!, TZ), startText);
    const scheduled = await liveOf(r.live.id);
    assert.equal(scheduled?.status, 2);
    assert.equal(scheduled?.status_text, LIVE_STATE_TEXT.scheduled);
    await sleep(1500);
    assert.equal((await dest.received('chave-agenda')).bytes, 0, 'nada antes da hora');
    // the clock moved: the start is 2 s away and the end 12 s
    const row = await processRow(r.live.id);
    await s.h.core.store.db.updateTable('media_processes').set({
      start_at: new Date(Date.now() + 2000).toISOString(), end_at: new Date(Date.now() + 12_000).toISOString(),
    }).where('id', '=', row!.id).execute();
    await eventually(async () => (await dest.received('chave-agenda')).bytes > 50_000, 15_000, 'começou na hora');
    await eventually(async () => (await liveOf(r.live.id))?.status === 1, 5000, 'transmitindo');
    await eventually(async () => (await liveOf(r.live.id))?.status === 0, 15_000, 'terminou na hora');
    await eventually(async () => !(await dest.received('chave-agenda')).publishing, 5000, 'destino parado');
    const ended = await processRow(r.live.id);
    assert.ok(Date.parse(ended!.ended_at!) >= Date.parse(ended!.end_at!) - 100, 'não antes do fim');
    // by the end time, not by something else (a loaded machine's worker pass comes late: the bound is generous)
    assert.ok(Date.parse(ended!.ended_at!) - Date.parse(ended!.end_at!) < 30_000, 'logo depois do fim');
  });

  test('the platform down for 20 s: reconnecting meanwhile, never transmitting; it resumes by itself', async () => {
    const r = await startLive({ servidor_rtmp_chave: 'chave-queda' });
    await eventually(async () => (await liveOf(r.live.id))?.status === 1, 15_000, 'transmitindo');
    await dest.down();
    await sleep(3000); // time for ffmpeg to see the connection gone
    const seen = new Set<string>();
    const until = Date.now() + 17_000;
    while (Date.now() < until) {
      const l = await liveOf(r.live.id);
      seen.add(l!.estado);
      assert.notEqual(l!.status, 1, 'transmitindo sem destino');
      await sleep(400);
    }
    assert.ok(seen.has('reconnecting'), [...seen].join(','));
    assert.equal((await liveOf(r.live.id))?.status_text, LIVE_STATE_TEXT.reconnecting);
    await dest.up();
    await eventually(async () => (await dest.received('chave-queda')).bytes > 50_000, 20_000, 'voltou sozinho');
    await eventually(async () => (await liveOf(r.live.id))?.status === 1, 5000, 'transmitindo de novo');
    const [b0, b1] = await flow('chave-queda');
    assert.ok(b1 > b0 + 50_000, `${b0} → ${b1}`);
    await api(a.token, 'DELETE', `/api/streaming/remove-live/${r.live.id}`);
  });

  test('a key the platform refuses: error with the reason, and no retry storm', async () => {
    const before = dest.refused.length;
    const r = await startLive({ servidor_rtmp_chave: 'chave-errada' });
    const live = await eventually(async () => {
      const l = await liveOf(r.live.id);
      return l?.status === 3 && l;
    }, 20_000, 'erro');
    assert.equal(live.erro, msg.liveRefused);
    assert.equal(live.status_text, `${LIVE_STATE_TEXT.error}: ${msg.liveRefused}`);
    // by code too, which the panel shows in its user's language: in the row and in the answer
    assert.deepEqual([live.erro_codigo, live.erro_valores], ['live_refused', null]);
    const row = await processRow(r.live.id);
    assert.deepEqual([row?.error, row?.error_code, row?.error_values], [msg.liveRefused, 'live_refused', null]);
    await sleep(4000);
    const tries = dest.refused.slice(before).filter((k) => k === 'chave-errada').length;
    assert.ok(tries >= 1 && tries <= 3, `${tries} tentativas`);
    assert.ok(!s.worker.engine.running().includes((await processRow(r.live.id))!.id));
    await api(a.token, 'DELETE', `/api/streaming/remove-live/${r.live.id}`);
  });

  test('validation: each rule has its message and leaves no row', async () => {
    const counts = await rowCounts();
    const cases: [object, string][] = [
      [{ servidor_rtmp: '' }, msg.liveRequired],
      [{ servidor_rtmp_chave: '' }, msg.liveRequired],
      [{ data_fim: '' }, msg.liveRequired],
      [{ data_fim: at(25 * HOUR) }, errorText('live_too_long')],
      [{ data_fim: '2026-12-01 10:00' }, errorText('live_invalid_date')],
      [{ data_fim: at(-HOUR) }, errorText('live_end_in_past')],
      [{ inicio_imediato: 'nao', data_inicio: '' }, errorText('live_start_required')],
      [{ inicio_imediato: 'nao', data_inicio: at(-2 * HOUR) }, errorText('live_start_in_past')],
      [{ inicio_imediato: 'nao', data_inicio: at(2 * HOUR), data_fim: at(HOUR) }, errorText('live_end_before_start')],
      [{ inicio_imediato: 'nao', data_inicio: at(2 * HOUR), data_fim: at(27 * HOUR) }, errorText('live_too_long')],
      [{ tipo: 'myspace' }, errorText('invalid_platform')],
      [{ servidor_stm: 'rtmp://outro.exemplo.com/live/x' }, errorText('live_source_invalid')],
      [{ servidor_stm: source.replace(a.usuario, b.usuario) }, errorText('live_source_invalid')],
      [{ servidor_rtmp_chave: 'chave com espaço' }, errorText('live_key_invalid')],
      [{ servidor_rtmp: 'http://a.rtmp.youtube.com/live2' }, errorText('outbound_invalid_url', { schemes: ['rtmp', 'rtmps'] })],
      [{ servidor_rtmp: 'rtmp://127.0.0.1:1935/live' }, errorText('outbound_private', { host: '127.0.0.1' })],
      [{ servidor_rtmp: 'rtmp://0x7f.1/live' }, errorText('outbound_private', { host: '0x7f.1' })],
      [{ servidor_rtmp: 'rtmp://[::ffff:127.0.0.1]/live' }, errorText('outbound_private', { host: '::ffff:7f00:1' })],
      [{ servidor_rtmp: 'rtmp://169.254.169.254/live' }, errorText('outbound_private', { host: '169.254.169.254' })],
      [{ servidor_rtmp: 'rtmp://localhost/live' }, errorText('outbound_private', { host: 'localhost' })],
    ];
    for (const [over, error] of cases) {
      const r = await api(a.token, 'POST', '/api/streaming/start-live', form(over));
      assert.equal(r.statusCode, 400, JSON.stringify(over));
      assert.equal(r.json().error, error, JSON.stringify(over));
    }
    assert.deepEqual(await rowCounts(), counts);
    assert.equal(s.worker.engine.running().length, 0);
  });

  test("another account cannot list, finish or remove a live", async () => {
    const r = await startLive({ inicio_imediato: 'nao', data_inicio: at(2 * HOUR), data_fim: at(3 * HOUR) });
    assert.deepEqual((await lives(b.token)).map((l) => l.id), []);
    for (const [method, url] of [['POST', `/api/streaming/stop-live/${r.live.id}`], ['DELETE', `/api/streaming/remove-live/${r.live.id}`]] as const) {
      const x = await api(b.token, method, url);
      assert.equal(x.statusCode, 404, url);
    }
    assert.equal((await liveOf(r.live.id))?.status, 2);
    // only a live that is transmitting (status 1) can be finished; a scheduled one is removed instead
    const early = await api(a.token, 'POST', `/api/streaming/stop-live/${r.live.id}`);
    assert.equal(early.statusCode, 400);
    assert.equal(early.json().error, errorText('live_not_transmitting'));
    for (const url of ['/api/streaming/lives', '/api/streaming/start-live']) {
      assert.equal((await s.h.app.inject({ method: url.endsWith('lives') ? 'GET' : 'POST', url })).statusCode, 401);
    }
    await api(a.token, 'DELETE', `/api/streaming/remove-live/${r.live.id}`);
  });

  test('start with platforms connects the ones registered; status and dashboard show what they receive; stop ends them', async () => {
    // YouTube's last registered live (the scheduled one) holds its server and key; Facebook never had one
    const r = await api(a.token, 'POST', '/api/streaming/start', { titulo: 'Culto de domingo', platform_ids: ['youtube', 'facebook'] });
    assert.equal(r.statusCode, 200, r.body);
    const byId = (list: { id: string }[], id: string) => list.find((p) => p.id === id) as Record<string, unknown>;
    assert.equal(byId(r.json().platforms, 'youtube').status, 'connecting');
    assert.equal(byId(r.json().platforms, 'facebook').status, 'error');
    assert.equal(byId(r.json().platforms, 'facebook').error, msg.platformNotConfigured('Facebook'));

    await eventually(async () => (await dest.received('chave-agenda')).publishing && (await dest.received('chave-agenda')).bytes > 50_000, 15_000, 'YouTube recebendo');
    const st = await eventually(async () => {
      const x = (await api(a.token, 'GET', '/api/streaming/status')).json();
      return byId(x.platforms, 'youtube').status === 'connected' && x;
    }, 5000, 'status conectado');
    assert.equal(byId(st.platforms, 'youtube').enabled, true);
    assert.equal(byId(st.platforms, 'facebook').enabled, true);
    assert.equal(byId(st.platforms, 'facebook').status, 'disconnected');
    assert.equal(byId(st.platforms, 'twitch').enabled, false);
    const overview = (await api(a.token, 'GET', '/api/dashboard/overview')).json();
    assert.equal(byId(overview.plataformas, 'youtube').estado, 'connected');
    assert.equal(byId(overview.plataformas, 'twitch').estado, 'disconnected');
    // the other account sees none of it
    assert.equal(byId((await api(b.token, 'GET', '/api/streaming/status')).json().platforms, 'youtube').status, 'disconnected');

    const stop = await api(a.token, 'POST', '/api/streaming/stop', { transmission_id: st.transmission.id, stream_type: 'obs' });
    assert.equal(stop.statusCode, 200);
    await eventually(async () => !(await dest.received('chave-agenda')).publishing, 8000, 'YouTube desconectado');
    assert.equal(byId((await api(a.token, 'GET', '/api/streaming/status')).json().platforms, 'youtube').status, 'disconnected');
    await eventually(async () => s.worker.engine.running().length === 0, 5000, 'nenhum processo');
  });
});

test('the source the user chose is what the worker reads, on loopback', () => {
  const config = loadConfig({ PUBLIC_HOST: 'tv.exemplo.com.br', PORT: '3001', RTMP_PORT: '1935' });
  const urls = channelUrls(addressesOf(config), 'anatv');
  assert.equal(sourceOf(urls.hlsUrl, 'anatv', config, 'http://127.0.0.1:3001'), 'http://127.0.0.1:3001/hls/anatv_live.m3u8');
  assert.equal(sourceOf(urls.rtmpStream, 'anatv', config, 'http://127.0.0.1:3001'), 'rtmp://127.0.0.1:1935/live/anatv_live');
});

describe('lives while the media worker is gone', () => {
  test('what a silent worker last observed is not shown as transmitting', async () => {
    const h = await startHarness({ env: { PUBLIC_HOST: 'tv.exemplo.com.br' } });
    try {
      const acc = await h.createAccount();
      const token = await h.login(acc.email, acc.password);
      const r = await h.app.inject({
        method: 'POST', url: '/api/streaming/start-live', headers: bearerHeader(token),
        payload: {
          tipo: 'youtube', servidor_rtmp: 'rtmp://8.8.8.8/live2', servidor_rtmp_chave: 'abc', inicio_imediato: 'sim',
          servidor_stm: channelUrls(addressesOf(h.config), acc.usuario).rtmpStream, data_fim: at(HOUR),
        },
      });
      assert.equal(r.statusCode, 200, r.body);
      await h.core.store.db.updateTable('media_processes').set({ state: 'live' }).execute();
      const list = async () => (await h.app.inject({ url: '/api/streaming/lives', headers: bearerHeader(token) })).json().lives[0] as Live;
      assert.deepEqual([(await list()).status, (await list()).estado], [2, 'reconnecting']);
      // the worker reports again: what it observed holds
      await createMediaRepo().upsert(h.core.store.db, {
        node_id: 1, name: NGINX_SERVICE, state: 'running', pid: 1, restarts: 0, last_error: null,
        control_url: 'http://127.0.0.1:1', changed_at: new Date().toISOString(), heartbeat_at: new Date().toISOString(),
      });
      assert.deepEqual([(await list()).status, (await list()).estado], [1, 'live']);
    } finally {
      await h.close();
    }
  });
});

describe('lives: control characters in what reaches the restream', () => {
  test('a NUL byte (or another control character) in the server, the key or the source: 400 with the message, no row', async () => {
    const h = await startHarness({ env: { PUBLIC_HOST: 'tv.exemplo.com.br' } });
    try {
      const acc = await h.createAccount();
      const token = await h.login(acc.email, acc.password);
      const source = channelUrls(addressesOf(h.config), acc.usuario).rtmpStream;
      const form = { tipo: 'youtube', servidor_rtmp: 'rtmp://8.8.8.8/live2', servidor_rtmp_chave: 'abc-def', inicio_imediato: 'sim', servidor_stm: source, data_fim: at(HOUR) };
      const post = (payload: object) => h.app.inject({ method: 'POST', url: '/api/streaming/start-live', headers: bearerHeader(token), payload });
      const count = async (table: 'lives' | 'media_processes') =>
        Number((await h.core.store.db.selectFrom(table).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      for (const over of [
        { servidor_rtmp_chave: 'abc\u0000def' }, { servidor_rtmp_chave: 'abc\r\ndef' }, { servidor_rtmp_chave: 'abc\tdef' },
        { servidor_rtmp: 'rtmp://8.8.8.8/live2\u0000' }, { servidor_rtmp: 'rtmp://8.8.8.8/live\u001b2' }, { servidor_stm: `${source}\u0000` },
      ]) {
        const r = await post({ ...form, ...over });
        assert.equal(r.statusCode, 400, JSON.stringify(over));
        assert.equal(r.json().error, errorText('control_chars'), JSON.stringify(over));
      }
      assert.deepEqual([await count('lives'), await count('media_processes')], [0, 0]);
      // the same form without them is a live
      const ok = await post(form);
      assert.equal(ok.statusCode, 200, ok.body);
      assert.deepEqual([await count('lives'), await count('media_processes')], [1, 1]);
    } finally {
      await h.close();
    }
  });
});

test('overlap of planned windows: at the start, and at the busiest instant inside', () => {
  const w = (start: number, end: number) => ({ start, end });
  assert.deepEqual(overlapOf([], 0, 10), { atStart: 0, peak: 0 });
  // one ends where the new one starts, one starts where it ends: neither overlaps
  assert.deepEqual(overlapOf([w(0, 10), w(20, 30)], 10, 20), { atStart: 0, peak: 0 });
  assert.deepEqual(overlapOf([w(0, 15), w(12, 30), w(14, 16)], 10, 20), { atStart: 1, peak: 3 });
  // in sequence, never together
  assert.deepEqual(overlapOf([w(0, 5), w(5, 10), w(10, 15)], 0, 15), { atStart: 1, peak: 1 });
  assert.deepEqual(overlapOf([w(0, Infinity)], 100, 200), { atStart: 1, peak: 1 });
});

/**
 * The plan's count limits, without a worker: lives that start now or later are rows only (no
 * ffmpeg runs), so small limits on a test account show every refusal quickly.
 */
describe('lives: the plan limits simultaneous and registered lives', () => {
  let h: Harness;
  let a: { id: number; usuario: string; token: string };
  let b: { id: number; usuario: string; token: string };
  const DEST = 'rtmp://8.8.8.8/live2';

  const api = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const form = (acc: { usuario: string }, over: object = {}) => ({
    tipo: 'youtube', servidor_rtmp: DEST, servidor_rtmp_chave: 'abc', servidor_stm: channelUrls(addressesOf(h.config), acc.usuario).rtmpStream,
    data_inicio: '', data_fim: at(HOUR), inicio_imediato: 'sim', ...over,
  });
  const start = (acc: { usuario: string; token: string }, over: object = {}) => api(acc.token, 'POST', '/api/streaming/start-live', form(acc, over));
  const rows = async (userId: number) => ({
    lives: Number((await h.core.store.db.selectFrom('lives').select((e) => e.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n),
    processes: Number((await h.core.store.db.selectFrom('media_processes').select((e) => e.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n),
  });
  const refused = async (r: Awaited<ReturnType<typeof start>>, error: string) => {
    assert.equal(r.statusCode, 409, r.body);
    assert.equal(r.json().error, error);
  };

  before(async () => {
    h = await startHarness({ env: { PUBLIC_HOST: 'tv.exemplo.com.br' } });
    const ca = await h.createAccount({ maxLivesAtivas: 2, maxLives: 3 });
    const cb = await h.createAccount();
    a = { ...ca, token: await h.login(ca.email, ca.password) };
    b = { ...cb, token: await h.login(cb.email, cb.password) };
  });
  after(async () => {
    await h?.close();
  });

  test('the third live at once is refused with the message, and leaves no row', async () => {
    for (let i = 0; i < 2; i++) assert.equal((await start(a)).statusCode, 200);
    const counts = await rows(a.id);
    await refused(await start(a), msg.liveLimitRunning(2));
    // scheduled inside the window of the two running ones: refused as well, when it is registered
    await refused(await start(a, { inicio_imediato: 'nao', data_inicio: at(HOUR / 2), data_fim: at(2 * HOUR) }), errorText('live_limit_overlap', { max: 2 }));
    assert.deepEqual(await rows(a.id), counts);
    // another account is not affected (default plan: 5 at once)
    for (let i = 0; i < 3; i++) assert.equal((await start(b)).statusCode, 200);
  });

  test('lives not over yet are limited too; one removed makes room again', async () => {
    // after the two running ones end: fits the simultaneous limit, and is the third registered
    const later = await start(a, { inicio_imediato: 'nao', data_inicio: at(2 * HOUR), data_fim: at(3 * HOUR) });
    assert.equal(later.statusCode, 200, later.body);
    const counts = await rows(a.id);
    await refused(await start(a, { inicio_imediato: 'nao', data_inicio: at(5 * HOUR), data_fim: at(6 * HOUR) }), errorText('live_limit_registered', { max: 3 }));
    assert.deepEqual(await rows(a.id), counts);
    assert.equal((await api(a.token, 'DELETE', `/api/streaming/remove-live/${later.json().live.id}`)).statusCode, 200);
    assert.equal((await start(a, { inicio_imediato: 'nao', data_inicio: at(5 * HOUR), data_fim: at(6 * HOUR) })).statusCode, 200);
  });

  test('requests at the same instant never pass the limit together', async () => {
    const c = await h.createAccount({ maxLivesAtivas: 2 });
    const acc = { ...c, token: await h.login(c.email, c.password) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => start(acc)));
    assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 200, 409, 409, 409, 409]);
    assert.deepEqual(await rows(acc.id), { lives: 2, processes: 2 });
  });

  test('a platform of a broadcast over the limit answers the reason; the broadcast goes on', async () => {
    const c = await h.createAccount({ maxLivesAtivas: 1 });
    const acc = { ...c, token: await h.login(c.email, c.password) };
    assert.equal((await start(acc)).statusCode, 200);
    const r = await api(acc.token, 'POST', '/api/streaming/start', { titulo: 'Culto', platform_ids: ['youtube'] });
    // no OBS yet: the broadcast waits for it, and says what each platform got
    assert.equal(r.json().error, errorText('obs_not_publishing'));
    const yt = (r.json().platforms as { id: string; status: string; error: string | null }[]).find((p) => p.id === 'youtube');
    assert.deepEqual([yt?.status, yt?.error], ['error', `YouTube: ${msg.liveLimitRunning(1)}`]);
    assert.deepEqual(await rows(acc.id), { lives: 1, processes: 1 });
  });

  test('a live over the limit when it is due (a plan made smaller since) ends in error instead of starting', async () => {
    const c = await h.createAccount({ maxLivesAtivas: 2 });
    const acc = { ...c, token: await h.login(c.email, c.password) };
    const ids = [];
    for (let i = 0; i < 2; i++) ids.push((await start(acc)).json().live.id as number);
    await h.core.store.db.updateTable('accounts').set({ max_lives_ativas: 1 }).where('id', '=', acc.id).execute();
    const procs = await h.core.store.db.selectFrom('lives as l').innerJoin('media_processes as p', 'p.id', 'l.process_id').selectAll('p')
      .where('l.user_id', '=', acc.id).orderBy('p.id').execute();
    const factory = restreamChild({
      db: h.core.store.db, repo: createLivesRepo(), sealer: h.core.sealer, guard: h.core.guard, config: h.config, apiUrl: 'http://127.0.0.1:1',
    });
    // the one registered first still starts; the later one would be the second at once
    assert.equal((await factory(procs[0]!)).command, h.config.media.ffmpegBin);
    await assert.rejects(factory(procs[1]!), { message: msg.liveLimitRunning(1) });
  });
});
