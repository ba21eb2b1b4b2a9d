import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUDIENCE_CSV_COLUMNS, type AudienceHistoryResponse, type AudienceMapPoint, type AudienceResponse } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { goLive } from '../../testing/on-air.ts';
import { ADDRESSES, BROWSERS, PLAYERS, tally, type KnownAddress, type KnownAgent } from '../../testing/audience-fixture.ts';
import { createViewersRepo } from '../viewers/viewers.repo.ts';
import { createViewersService } from '../viewers/viewers.service.ts';
import { secret } from '../../platform/secrets.ts';
import { createAudienceRollups } from './rollups.ts';

interface Sent { addr: KnownAddress; agent: KnownAgent; session?: string }

describe('audience: 200 viewers of known places through heartbeats and HLS pulls', () => {
  let h: Harness;
  let a: { id: number; usuario: string; token: string };
  let b: { id: number; usuario: string; token: string };
  const sent: Sent[] = [];
  /** When the last player viewer opened its session: where the clock of the watch-time test starts. */
  let opened = 0;

  const get = (token: string, url: string) => h.app.inject({ url, headers: bearerHeader(token) });
  const stats = async (token: string, periodo: string) => (await get(token, `/api/espectadores?periodo=${periodo}`)).json<AudienceResponse>();
  const mapOf = async (token: string, periodo: string) =>
    (await get(token, `/api/espectadores/mapa?periodo=${periodo}`)).json<{ pontos: AudienceMapPoint[] }>().pontos;
  const historyOf = async (token: string) => (await get(token, '/api/espectadores/historico?periodo=24h&intervalo=1h')).json<AudienceHistoryResponse>();
  /** The map points the sent viewers make: one per place, the same place from two addresses once. */
  const expectedPoints = () => {
    const points = new Map<string, { cidade: string; pais: string; latitude: number; longitude: number; count: number }>();
    for (const { addr } of sent) {
      const k = `${addr.latitude}|${addr.longitude}|${addr.cidade}`;
      const p = points.get(k) ?? { cidade: addr.cidade, pais: addr.pais, latitude: addr.latitude, longitude: addr.longitude, count: 0 };
      p.count += 1;
      points.set(k, p);
    }
    return [...points.values()].sort((x, y) => x.latitude - y.latitude || x.longitude - y.longitude);
  };
  const pointsSorted = (pontos: AudienceMapPoint[]) =>
    pontos.map(({ ativos: _a, ...p }) => p).sort((x, y) => x.latitude - y.latitude || x.longitude - y.longitude);

  before(async () => {
    h = await startHarness();
    for (const who of ['a', 'b'] as const) {
      const acc = await h.createAccount({ espectadores: 1000 });
      const v = { id: acc.id, usuario: acc.usuario, token: await h.login(acc.email, acc.password) };
      if (who === 'a') a = v; else b = v;
    }
    await goLive(h, a.usuario, a.token, '11');
    // 100 viewers of the panel's player: a browser each, from the known addresses
    for (let i = 0; i < 100; i++) {
      const s: Sent = { addr: ADDRESSES[i % ADDRESSES.length]!, agent: BROWSERS[i % BROWSERS.length]! };
      const r = await h.app.inject({
        method: 'POST', url: '/api/player-port/heartbeat', remoteAddress: s.addr.ip, headers: { 'user-agent': s.agent.ua },
        payload: { login: a.usuario, stream: `${a.usuario}_live` },
      });
      assert.equal(r.statusCode, 200, r.body);
      s.session = r.json().session;
      sent.push(s);
    }
    opened = Date.now();
    // 100 outside players (VLC, ffmpeg, browsers on other sites) pulling the playlist: a distinct (address, agent) each,
    // asking three times as players do — one session each
    const agents = [...PLAYERS, ...BROWSERS];
    for (let j = 0; j < 100; j++) {
      const s: Sent = { addr: ADDRESSES[j % ADDRESSES.length]!, agent: agents[Math.floor(j / ADDRESSES.length) % agents.length]! };
      for (let k = 0; k < 3; k++) {
        const r = await h.app.inject({ url: `/hls/${a.usuario}_live.m3u8`, remoteAddress: s.addr.ip, headers: { 'user-agent': s.agent.ua } });
        assert.equal(r.statusCode, 200, r.body);
      }
      sent.push(s);
    }
  });
  after(() => h?.close());

  test('counts, countries, devices, browsers and the list match what was sent', async () => {
    const r = await stats(a.token, '1h');
    assert.equal(r.estatisticas.total, 200);
    assert.equal(r.estatisticas.ativos, 200);
    assert.deepEqual(r.estatisticas.paises, tally(sent.map((s) => s.addr.pais)));
    assert.deepEqual(r.estatisticas.dispositivos, tally(sent.map((s) => s.agent.dispositivo)));
    assert.deepEqual(r.estatisticas.navegadores, tally(sent.map((s) => s.agent.navegador)));
    assert.deepEqual(r.estatisticas.cidades, tally(sent.filter((s) => s.addr.cidade).map((s) => `${s.addr.cidade}, ${s.addr.pais}`)));
    // Brazil leads: the top five is the map's first five entries
    assert.equal(Object.keys(r.estatisticas.paises)[0], 'Brasil');
    assert.equal(r.espectadores.length, 200);
    const rows = (l: { pais: string; cidade: string; dispositivo: string; navegador: string }[]) => l.map((v) => [v.pais, v.cidade, v.dispositivo, v.navegador].join('|')).sort();
    assert.deepEqual(rows(r.espectadores), rows(sent.map((s) => ({ ...s.addr, ...s.agent }))));
    assert.ok(r.espectadores.every((v) => v.ativo && v.tipo === 'live' && /^[0-9a-f]{32}$/.test(v.ip_hash)));
    assert.equal(r.espectadores.filter((v) => v.origem === 'hls').length, 100);
    // no address is kept, only its keyed hash
    const stored = JSON.stringify(await h.core.store.db.selectFrom('viewer_sessions').selectAll().execute());
    for (const addr of ADDRESSES) assert.ok(!stored.includes(addr.ip), addr.ip);
    // the longer periods hold the same sessions
    assert.deepEqual((await stats(a.token, '30d')).estatisticas, r.estatisticas);
  });

  test('the map has a dot per place with its count; real time counts the live viewers', async () => {
    assert.deepEqual(pointsSorted(await mapOf(a.token, '24h')), expectedPoints());
    assert.ok((await mapOf(a.token, '24h')).every((p) => p.ativos === p.count));
    const now = (await get(a.token, '/api/espectadores/tempo-real')).json();
    assert.deepEqual([now.espectadoresAtivos, now.espectadoresVod, now.transmissaoAtiva, now.limite], [200, 0, true, 1000]);
    assert.equal((await get(a.token, '/api/dashboard/stats')).json().espectadoresAtivos, 200);
  });

  test('the CSV holds every session with the spec\'s columns, UTF-8 with BOM and accents intact', async () => {
    const r = await get(a.token, '/api/espectadores/exportar?periodo=24h');
    assert.equal(r.statusCode, 200);
    assert.match(r.headers['content-type'] as string, /^text\/csv; charset=utf-8/);
    assert.match(r.headers['content-disposition'] as string, /^attachment; filename="espectadores_24h_\d{4}-\d{2}-\d{2}\.csv"$/);
    assert.deepEqual([...r.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const lines = r.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    assert.equal(lines[0], AUDIENCE_CSV_COLUMNS.join(';'));
    const cells = lines.slice(1).map((l) => l.split(';'));
    assert.equal(cells.length, 200);
    assert.deepEqual(cells.map((c) => [c[1], c[2], c[3], c[4]].join('|')).sort(),
      sent.map((s) => [s.addr.pais, s.addr.cidade, s.agent.dispositivo, s.agent.navegador].join('|')).sort());
    assert.equal(cells.filter((c) => c[2] === 'São Paulo').length, sent.filter((s) => s.addr.cidade === 'São Paulo').length);
    assert.ok(cells.every((c) => c[6] === 'Ativo' && /^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}:\d{2}$/.test(c[7]!)));
  });

  test('account B sees none of A\'s viewers', async () => {
    const r = await stats(b.token, '30d');
    assert.deepEqual([r.estatisticas.total, r.estatisticas.ativos, r.espectadores.length], [0, 0, 0]);
    assert.deepEqual(await mapOf(b.token, '30d'), []);
    assert.ok((await historyOf(b.token)).historico.every((p) => p.espectadores === 0));
    const now = (await get(b.token, '/api/espectadores/tempo-real')).json();
    assert.deepEqual([now.espectadoresAtivos, now.transmissaoAtiva], [0, false]);
    const csv = await get(b.token, '/api/espectadores/exportar?periodo=30d');
    assert.equal(csv.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n').length, 1);
  });

  test('watch time; sessions expire after the heartbeat timeout and their sums give the same figures', async () => {
    // the player viewers watch two minutes, beating every 10 s (the API's service on a clock the test moves,
    // from the moment they opened: however long a loaded machine took since then is not watch time)
    const db = h.core.store.db;
    const at = (ms: number) => createViewersService({ db, dialect: h.core.store.dialect, repo: createViewersRepo(), ipSalt: secret(h.config.dataDir, 'viewer-ip.key'), now: () => opened + ms });
    for (let ms = 10_000; ms <= 120_000; ms += 10_000) {
      const then = at(ms);
      for (const s of sent.filter((x) => x.session)) {
        const r = await then.heartbeat({
          userId: a.id, limit: 1000, sessionKey: s.session, kind: 'live', source: `${a.usuario}_live`, ip: s.addr.ip, userAgent: s.agent.ua,
        });
        assert.equal(r.session, s.session);
      }
      await then.flush();
    }
    const live = await stats(a.token, '24h');
    assert.ok(Math.abs(live.estatisticas.tempoMedio - 60) <= 1, String(live.estatisticas.tempoMedio)); // (100 × 120 s + 100 × 0 s) / 200
    const history = await historyOf(a.token);
    assert.equal(history.historico.length, 25);
    assert.equal(history.historico.at(-1)!.espectadores, 200);

    // 31 s after the last beat nobody has beaten again: the worker's pass ends every session and sums them
    assert.equal(await at(151_000).expire(), 200);
    assert.equal(await createAudienceRollups({ db, dialect: h.core.store.dialect }).rollUp(), 200);
    assert.equal((await db.selectFrom('viewer_sessions').select('id').where('rolled', '=', 0).execute()).length, 0);

    const ended = await stats(a.token, '24h');
    assert.deepEqual({ ...ended.estatisticas, ativos: 200 }, live.estatisticas);
    assert.equal(ended.estatisticas.ativos, 0);
    assert.ok(ended.espectadores.every((v) => !v.ativo));
    assert.deepEqual(await historyOf(a.token), history);
    assert.deepEqual(pointsSorted(await mapOf(a.token, '7d')), expectedPoints());
    assert.ok((await mapOf(a.token, '7d')).every((p) => p.ativos === 0));
    const now = (await get(a.token, '/api/espectadores/tempo-real')).json();
    assert.equal(now.espectadoresAtivos, 0);
    // summed once: another pass changes nothing
    assert.equal(await createAudienceRollups({ db, dialect: h.core.store.dialect }).rollUp(), 0);
    assert.deepEqual((await stats(a.token, '30d')).estatisticas, ended.estatisticas);
  });

  test('a bad period or interval is refused in Portuguese', async () => {
    for (const url of ['/api/espectadores?periodo=2h', '/api/espectadores/mapa?periodo=x', '/api/espectadores/historico?periodo=24h&intervalo=5m',
      '/api/espectadores/historico?periodo=1h&intervalo=1d', '/api/espectadores/exportar?periodo=90d']) {
      const r = await get(a.token, url);
      assert.equal(r.statusCode, 400, url);
      assert.match(r.json().error, /^Período inválido/);
    }
    assert.equal((await h.app.inject({ url: '/api/espectadores' })).statusCode, 401);
  });

  test('the CSV never starts a cell with = + - @: what came from a viewer is quoted as text', async () => {
    const at = new Date().toISOString();
    await h.core.store.db.insertInto('viewer_sessions').values({
      user_id: b.id, session_key: 'csv-formula', source: `${b.usuario}_live`, ip_hash: 'f'.repeat(32), user_agent: 'x',
      started_at: at, last_seen_at: at, ended_at: null, cliente: null, latitude: null, longitude: null,
      cidade: '+55 São Paulo', dispositivo: '@Outro', navegador: '=HYPERLINK("https://exemplo.com";"clique")',
    }).execute();
    const r = await get(b.token, '/api/espectadores/exportar?periodo=1h');
    assert.equal(r.statusCode, 200);
    assert.deepEqual([...r.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const lines = r.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    assert.equal(lines[0], AUDIENCE_CSV_COLUMNS.join(';'));
    assert.equal(lines.length, 2);
    assert.ok(lines[1]!.startsWith(`${'f'.repeat(32)};Desconhecido;'+55 São Paulo;'@Outro;"'=HYPERLINK(""https://exemplo.com"";""clique"")";`), lines[1]);
  });
});
