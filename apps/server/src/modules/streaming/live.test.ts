import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { bearerHeader } from '../../testing/harness.ts';
import { eventually, startLiveStack, type LiveStack } from '../../testing/live.ts';

/**
 * OBS ingest end to end: a real nginx-rtmp run by the worker, the API answering its
 * callbacks, and ffmpeg publishing a generated test picture the way OBS does.
 */
// real media, the same on either database: run once, in the SQLite phase
describe('live ingest through nginx-rtmp', { skip: process.env.TEST_PG_ADMIN_URL ? 'coberto na execução com SQLite' : false }, () => {
  let s: LiveStack;
  let a: { id: number; email: string; usuario: string; password: string; token: string; key: string };
  let b: { id: number; usuario: string; token: string; key: string };

  const get = (token: string, url: string) => s.h.app.inject({ url, headers: bearerHeader(token) });
  const status = async (token: string) => (await get(token, '/api/streaming/status')).json();
  const keyOf = async (token: string) => (await get(token, '/api/dados-conexao')).json().rtmp.chave as string;

  before(async () => {
    s = await startLiveStack();
    const ca = await s.h.createAccount({ bitrate: 300 });
    const cb = await s.h.createAccount();
    const ta = await s.h.login(ca.email, ca.password);
    const tb = await s.h.login(cb.email, cb.password);
    a = { ...ca, token: ta, key: await keyOf(ta) };
    b = { ...cb, token: tb, key: await keyOf(tb) };
  });
  after(() => s?.close());

  test('health reports the media server once nginx answers', async () => {
    const r = await s.h.app.inject({ url: '/api/health' });
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().components.media_server, 'ok');
  });

  test('the right key goes live: measured bitrate, uptime and an HLS playlist with segments', async () => {
    const t0 = Date.now();
    const pub = s.publish(a.key, { videoKbps: 600 });
    try {
      const st = await eventually(async () => {
        const x = await status(a.token);
        return x.is_live && x.obs_stream.bitrate > 0 && x;
      }, 10_000, 'status ao vivo');
      assert.equal(st.stream_type, 'obs');
      assert.equal(st.obs_stream.streamName, `${a.usuario}_live`);
      assert.equal(st.transmission.titulo, 'Transmissão ao vivo (OBS)');
      assert.match(st.obs_stream.uptime, /^\d\d:\d\d:\d\d$/);
      assert.equal(st.wowza_info.connection_error, false);
      assert.equal(st.wowza_info.user_streams, 1);
      const playlist = await eventually(async () => {
        const r = await fetch(`${s.apiUrl}/hls/${a.usuario}_live.m3u8`);
        const text = await r.text();
        return r.ok && /\.ts$/m.test(text) && { text, r };
      }, 10_000, 'playlist HLS com segmentos');
      const firstSegmentMs = Date.now() - t0;
      assert.equal(playlist.r.headers.get('content-type'), 'application/vnd.apple.mpegurl');
      assert.equal(playlist.r.headers.get('access-control-allow-origin'), '*');
      assert.match(playlist.r.headers.get('cache-control') ?? '', /no-cache/);
      const seg = /^(.+\.ts)$/m.exec(playlist.text)![1]!;
      // resolved against the playlist's address, as a player does (nginx's HLS port lists them absolute)
      const sr = await fetch(new URL(seg, `${s.apiUrl}/hls/`));
      assert.equal(sr.status, 200);
      assert.equal(sr.headers.get('content-type'), 'video/mp2t');
      assert.ok((await sr.arrayBuffer()).byteLength > 1000);
      // how long a viewer waits is a figure, bench/live-latency.ts's: here it is only reported
      console.log(`# primeiro segmento em ${firstSegmentMs} ms`);

      // 600 kbps into a 300 kbps plan: the dashboard is told
      const over = await eventually(async () => {
        const x = await status(a.token);
        return x.obs_stream.bitrate_exceeded && x;
      }, 10_000, 'aviso de bitrate');
      assert.match(over.obs_stream.aviso, /acima do limite do plano \(300 kbps\)/);

      // another account sees nothing of it
      const other = await status(b.token);
      assert.equal(other.is_live, false);
      assert.equal(other.wowza_info.user_streams, 0);
      assert.equal((await s.h.app.inject({ method: 'POST', url: '/api/streaming/stop', headers: bearerHeader(b.token), payload: { transmission_id: st.transmission.id } })).statusCode, 404);
      assert.equal((await status(a.token)).is_live, true);

      // the publisher stops: offline again within seconds, and the playlist is gone
      await pub.stop();
      await eventually(async () => !(await status(a.token)).is_live, 5000, 'fim da transmissão');
      assert.equal((await fetch(`${s.apiUrl}/hls/${a.usuario}_live.m3u8`)).status, 404);
      const hist = (await get(a.token, '/api/streaming/transmissions')).json().transmissions;
      assert.equal(hist[0].status, 'ended');
      assert.ok(hist[0].pico_bitrate > 0);
    } finally {
      await pub.stop();
    }
  });

  test('refused: wrong secret, missing secret, another account\'s name, disabled account', async () => {
    const name = `${a.usuario}_live`;
    const cases = [
      ['segredo errado', `${name}?key=000000000000000000000000`],
      ['sem segredo', name],
      ['nome de outra conta com a própria chave', `${b.usuario}_live?key=${a.key.split('key=')[1]}`],
    ];
    for (const [what, key] of cases) {
      const pub = s.publish(key!, { seconds: 5 });
      const code = await pub.exited;
      assert.notEqual(code, 0, `${what}: o ffmpeg deveria falhar`);
      assert.equal((await status(a.token)).is_live, false, what);
      assert.equal((await status(b.token)).is_live, false, what);
    }
    await s.h.core.accounts.setDisabled(a.email, true);
    try {
      const pub = s.publish(a.key, { seconds: 5 });
      assert.notEqual(await pub.exited, 0, 'conta desativada: o ffmpeg deveria falhar');
    } finally {
      await s.h.core.accounts.setDisabled(a.email, false);
    }
    // disabling ended the account's sessions
    a.token = await s.h.login(a.email, a.password);
    const events = (await get(a.token, '/api/dashboard/overview')).json().atividade_recente;
    assert.ok(events.some((e: { tipo: string }) => e.tipo === 'publish_refused'));
  });

  test('parameters smuggled into the key never publish into another channel, and the owner gets in at once', async () => {
    const aName = `${a.usuario}_live`;
    const aSecret = a.key.split('key=')[1]!;
    const bSecret = b.key.split('key=')[1]!;
    const cases = [
      ['o nome da outra conta depois da chave', `${aName}?key=${bSecret}&name=${b.usuario}_live`],
      ['o nome da outra conta antes da chave', `${aName}?name=${b.usuario}_live&key=${bSecret}`],
      ['a chave duas vezes', `${aName}?key=000000000000000000000000&key=${aSecret}`],
      ['outra aplicação', `${aName}?key=${aSecret}&app=outra`],
      ['outro tcurl', `${aName}?key=${aSecret}&tcurl=rtmp://127.0.0.1/outra`],
    ];
    const hlsDir = path.join(s.h.config.dataDir, 'hls');
    const ofA = () => fs.readdirSync(hlsDir).filter((f) => f.startsWith(aName));
    for (const [what, key] of cases) {
      const before = ofA(); // what earlier broadcasts left until nginx cleans it up
      const pub = s.publish(key!, { seconds: 5 });
      assert.notEqual(await pub.exited, 0, `${what}: o ffmpeg deveria ser recusado`);
      assert.equal((await status(a.token)).is_live, false, what);
      assert.equal((await status(b.token)).is_live, false, what);
      assert.deepEqual(ofA().filter((f) => !before.includes(f)), [], `${what}: nada gravado com o nome de A`);
    }
    const t0 = Date.now();
    const own = s.publish(a.key);
    try {
      await eventually(async () => (await status(a.token)).is_live, 10_000, 'A no ar com a própria chave');
      console.log(`# A entrou em ${Date.now() - t0} ms`);
    } finally {
      await own.stop();
    }
    await eventually(async () => !(await status(a.token)).is_live, 5000, 'fim da transmissão de A');
  });

  test('a new key drops the current publisher; the old key no longer gets in', async () => {
    const pub = s.publish(b.key);
    try {
      await eventually(async () => (await status(b.token)).is_live, 10_000, 'ao vivo');
      const r = await s.h.app.inject({ method: 'POST', url: '/api/dados-conexao/regenerar-chave', headers: bearerHeader(b.token) });
      assert.equal(r.statusCode, 200);
      const newKey = r.json().rtmp.chave as string;
      assert.notEqual(newKey, b.key);
      assert.notEqual(await pub.exited, undefined);
      await eventually(async () => !(await status(b.token)).is_live, 5000, 'publicador derrubado');
      const old = s.publish(b.key, { seconds: 5 });
      assert.notEqual(await old.exited, 0);
      b.key = newKey;
    } finally {
      await pub.stop();
    }
  });

  test('a new broadcast never replays the end of the previous one', async () => {
    const segments = async () => {
      const r = await fetch(`${s.apiUrl}/hls/${b.usuario}_live.m3u8`);
      const names = r.ok ? (await r.text()).split('\n').filter((l) => l.endsWith('.ts')) : [];
      return names.length ? names : undefined;
    };
    const first = s.publish(b.key);
    let before: string[];
    try {
      before = await eventually(segments, 10_000, 'segmentos da 1ª transmissão');
    } finally {
      await first.stop();
    }
    // ended as the API recorded it (nginx's publish_done handled), not only gone from nginx's stat: a
    // publish that arrives before that is OBS coming back to the same broadcast, which continues its playlist
    await eventually(async () => !(await status(b.token)).is_live && (await s.h.core.store.db.selectFrom('transmissions')
      .select('id').where('stream_name', '=', `${b.usuario}_live`).where('ended_at', 'is', null).execute()).length === 0, 5000, 'fim da 1ª');
    const second = s.publish(b.key);
    try {
      const after = await eventually(segments, 10_000, 'segmentos da 2ª transmissão');
      assert.deepEqual(after.filter((n) => before.includes(n)), []);
    } finally {
      await second.stop();
    }
  });

  test('nginx killed: the supervisor restarts it and health follows', async () => {
    const before = s.worker.nginx.status();
    const healthBefore = (await s.h.app.inject({ url: '/api/health' })).json();
    assert.equal(healthBefore.details.media_server.pid, before.pid);
    process.kill(before.pid!, 'SIGKILL');
    await eventually(async () => {
      const now = s.worker.nginx.status();
      return now.state === 'running' && now.restarts > before.restarts && now.pid !== before.pid;
    }, 10_000, 'nginx reiniciado');
    type Health = { components: Record<string, string>; details: { media_server: { state: string; pid: number; restarts: number; last_error: string } } };
    const h = await eventually<Health>(async () => {
      const r = await s.h.app.inject({ url: '/api/health' });
      return r.statusCode === 200 && r.json().details.media_server.state === 'running' ? r.json() : null;
    }, 5000, 'saúde de volta');
    assert.equal(h.components.media_server, 'ok');
    assert.equal(h.details.media_server.restarts, healthBefore.details.media_server.restarts + 1);
    assert.notEqual(h.details.media_server.pid, before.pid);
    assert.match(h.details.media_server.last_error, /nginx terminou/);
    // and it takes broadcasts again
    const pub = s.publish(b.key);
    try {
      await eventually(async () => (await status(b.token)).is_live, 10_000, 'ao vivo após o reinício');
    } finally {
      await pub.stop();
    }
  });
});
