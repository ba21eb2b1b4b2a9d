import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AudienceResponse } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { goLive } from '../../testing/on-air.ts';
import { makeClips, newFolder, upload } from '../../testing/library.ts';
import { secret } from '../../platform/secrets.ts';
import { createAudienceRollups } from '../audience/rollups.ts';
import { createViewersRepo } from './viewers.repo.ts';
import { createViewersService } from './viewers.service.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('viewer sessions: live and video, the player and outside HLS players, expiry and retention', () => {
  let h: Harness;
  let c: { id: number; usuario: string; token: string };

  const get = (url: string, token = c.token) => h.app.inject({ url, headers: bearerHeader(token) });
  const beat = (payload: object, ip: string) =>
    h.app.inject({ method: 'POST', url: '/api/player-port/heartbeat', payload, remoteAddress: ip, headers: { 'user-agent': CHROME } });
  const pull = (ip: string, ua = 'VLC/3.0.18 LibVLC/3.0.18', query = '') =>
    h.app.inject({ url: `/hls/${c.usuario}_live.m3u8${query}`, remoteAddress: ip, headers: { 'user-agent': ua } });
  const realTime = async () => {
    const r = (await get('/api/espectadores/tempo-real')).json();
    return { live: r.espectadoresAtivos as number, vod: r.espectadoresVod as number };
  };
  const sessions = () => h.core.store.db.selectFrom('viewer_sessions').selectAll().where('user_id', '=', c.id).orderBy('id').execute();
  /** The same sessions seen `ms` later, when the worker's expiry runs. */
  const later = (ms: number) => createViewersService({
    db: h.core.store.db, dialect: h.core.store.dialect, repo: createViewersRepo(), ipSalt: secret(h.config.dataDir, 'viewer-ip.key'), now: () => Date.now() + ms,
  });

  before(async () => {
    h = await startHarness();
    const acc = await h.createAccount({ espectadores: 2 });
    c = { id: acc.id, usuario: acc.usuario, token: await h.login(acc.email, acc.password) };
    await goLive(h, c.usuario, c.token, '21');
  });
  after(() => h?.close());

  test('a video\'s viewer counts neither against the live limit nor in the live count', async () => {
    const clips = makeClips();
    try {
      const live = { login: c.usuario, stream: `${c.usuario}_live` };
      assert.equal((await beat(live, '177.71.128.10')).statusCode, 200);
      assert.equal((await pull('195.23.1.1')).statusCode, 200);
      // the plan's two live places are taken: a third live viewer is refused, by the player and by an outside player
      const third = await beat(live, '81.2.69.142');
      assert.deepEqual([third.statusCode, third.json().code], [403, 'viewer_limit']);
      const outside = await pull('81.2.69.142', 'Lavf/60.16.100');
      assert.deepEqual([outside.statusCode, outside.json().code], [403, 'viewer_limit']);
      // …while a library video still plays for anyone
      const folderId = await newFolder(h, c.token, 'Aulas');
      assert.equal((await upload(h, c.token, folderId, 'aula.mp4', clips.ok)).statusCode, 200);
      const [video] = (await get(`/api/videos?folder_id=${folderId}`)).json();
      const page = await h.app.inject({ url: `/api/player-port/iframe?login=${c.usuario}&vod=${encodeURIComponent(video.url)}` });
      const hb = JSON.parse(/<script id="cfg" type="application\/json">(.*?)<\/script>/.exec(page.body)![1]!).hb;
      for (const ip of ['81.2.69.142', '2.125.160.216', '5.1.2.3']) assert.equal((await beat(hb, ip)).json().live, true);
      assert.deepEqual(await realTime(), { live: 2, vod: 3 });
      assert.equal((await get('/api/dashboard/stats')).json().espectadoresAtivos, 2);
      const list = (await get('/api/espectadores?periodo=1h')).json<AudienceResponse>();
      assert.deepEqual([list.estatisticas.total, list.estatisticas.ativos], [5, 5]);
      assert.deepEqual(list.espectadores.map((v) => v.tipo).sort(), ['live', 'live', 'vod', 'vod', 'vod']);
    } finally {
      clips.close();
    }
    await later(31_000).expire();
    assert.deepEqual(await realTime(), { live: 0, vod: 0 });
  });

  test('the panel\'s player and the owner\'s preview keep to one session with their playlist requests; other clients get one each', async () => {
    const before = (await sessions()).length;
    const r = await beat({ login: c.usuario, stream: `${c.usuario}_live` }, '177.71.128.10');
    const session = r.json().session as string;
    // the player's playlist address names its session: no second session, however often it asks
    for (let i = 0; i < 5; i++) assert.equal((await pull('177.71.128.10', CHROME, `?sessao=${session}`)).statusCode, 200);
    assert.equal((await sessions()).length, before + 1);
    assert.equal((await realTime()).live, 1);
    // a made-up or ended session is no pass: that client is counted as any other
    assert.equal((await pull('187.45.0.1', CHROME, '?sessao=inventada')).statusCode, 200);
    assert.equal((await pull('187.45.0.1', CHROME, '?sessao=inventada')).statusCode, 200);
    assert.equal((await realTime()).live, 2);
    // the owner's own preview in the panel (its requests carry the panel session) is not audience
    const owner = await h.app.inject({ url: `/hls/${c.usuario}_live.m3u8`, remoteAddress: '5.1.2.3', headers: { 'user-agent': CHROME, ...bearerHeader(c.token) } });
    assert.equal(owner.statusCode, 200);
    assert.equal((await realTime()).live, 2);
    const rows = await sessions();
    assert.deepEqual(rows.slice(before).map((s) => [s.origem, s.cidade]), [['player', 'São Paulo'], ['hls', 'Tatuí']]);
    await later(31_000).expire();
  });

  test('an outside player\'s session lasts while it asks for the playlist and expires after the timeout', async () => {
    // the API's service on a clock the test moves, the worker's expiry on the same clock
    let t = Date.now();
    const clocked = createViewersService({
      db: h.core.store.db, dialect: h.core.store.dialect, repo: createViewersRepo(), ipSalt: secret(h.config.dataDir, 'viewer-ip.key'), now: () => t,
    });
    const ask = async () => {
      await clocked.pull({ userId: c.id, limit: async () => 2, stream: `${c.usuario}_live`, sessionKey: undefined, ip: '190.210.0.1', userAgent: 'VLC/3.0.18 LibVLC/3.0.18' });
      await clocked.flush();
    };
    await ask();
    const [s] = (await sessions()).slice(-1);
    assert.deepEqual([s!.origem, s!.navegador, s!.cidade], ['hls', 'VLC', 'Tigre']);
    // asking every 6 s for 24 s: the same viewer, watching for 24 s
    for (let i = 0; i < 4; i++) { t += 6000; await ask(); }
    assert.equal(await clocked.expire(), 0);
    const kept = (await sessions()).at(-1)!;
    assert.deepEqual([kept.id, kept.segundos], [s!.id, 24]);
    // silent past the timeout: the session ends when it was last seen, and the next request is a new viewer
    t += 31_000;
    assert.equal(await clocked.expire(), 1);
    const ended = (await sessions()).find((x) => x.id === s!.id)!;
    assert.equal(ended.ended_at, ended.last_seen_at);
    await ask();
    assert.notEqual((await sessions()).at(-1)!.id, s!.id);
    t += 31_000;
    await clocked.expire();
  });

  test('sessions and their sums older than the retention period are deleted; newer ones stay', async () => {
    const db = h.core.store.db;
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
    const old = { user_id: c.id, source: 'x', ip_hash: 'h', user_agent: '', ended_at: null };
    for (const [key, d] of [['velha', 100], ['recente', 10]] as const) {
      await db.insertInto('viewer_sessions').values({ ...old, session_key: key, started_at: daysAgo(d), last_seen_at: daysAgo(d), ended_at: daysAgo(d) }).execute();
    }
    const rollups = createAudienceRollups({ db, dialect: h.core.store.dialect });
    await rollups.rollUp();
    const hours = async () => (await db.selectFrom('viewer_rollups').select('hora').where('user_id', '=', c.id).where('dim', '=', 'd').execute()).map((r) => r.hora);
    assert.ok((await hours()).includes(daysAgo(100).slice(0, 13)));
    assert.equal(await rollups.prune(90), 1);
    const keys = (await sessions()).map((s) => s.session_key);
    assert.ok(!keys.includes('velha') && keys.includes('recente'));
    assert.ok(!(await hours()).includes(daysAgo(100).slice(0, 13)) && (await hours()).includes(daysAgo(10).slice(0, 13)));
  });
});
