import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { errorText } from '@painel/contract';
import { z } from 'zod';
import { createJobRunner } from '../../platform/jobs.ts';
import { formatZoned } from '../../platform/zoned-time.ts';
import { bearerHeader, startHarness, startPeer, type Harness } from '../../testing/harness.ts';
import { openCore } from '../../core.ts';
import { loadConfig } from '../../platform/config.ts';
import type { WorkerContext } from '../module.ts';
import { serversTick } from './heartbeat.ts';
import { jobsOfNode, ONLINE_WINDOW_MS } from './placement.ts';
import { createServersRepo } from './servers.repo.ts';
import { createServersService } from './servers.service.ts';

const run = promisify(execFile);
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../cli');

interface Account { id: number; email: string; usuario: string; password: string; token: string }
type Method = 'GET' | 'POST' | 'PUT';

/**
 * The installation's servers: a worker's tick registers its server and writes its heartbeat with
 * its load; a server whose heartbeat is older than three beats is offline (and its accounts'
 * dashboards say so); a new account goes to the server the operator picks or to the online
 * server with the most free capacity (this node when none is online); only the operator sees
 * the servers and sets their edge addresses; `./painel user add --servidor N`.
 */
describe('servers: registry, heartbeat, placement and the operator\'s Servidores', () => {
  let h: Harness;
  let operator: Account;
  let reseller: Account;
  let channel: Account;

  const account = async (tipo: 'admin' | 'revenda' | 'streaming'): Promise<Account> => {
    const a = await h.createAccount({ tipo, bitrate: 2000, espectadores: 50, espaco: 1000 });
    return { ...a, token: await h.login(a.email, a.password) };
  };
  const call = (token: string, method: Method, url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const db = () => h.core.store.db;
  const serverOf = async (usuario: string) =>
    (await db().selectFrom('accounts').select('codigo_servidor').where('usuario', '=', usuario).executeTakeFirstOrThrow()).codigo_servidor;
  const streaming = (usuario: string, extra: object = {}) =>
    ({ email: `${usuario}@exemplo.com.br`, usuario, bitrate: 1000, espectadores: 10, espaco: 100, ...extra });
  /** A server row as another machine's worker would have written it. */
  const otherServer = (id: number, load: { live: number; cores: number; freeMb: number }, heartbeatAgoMs = 0) => {
    const at = new Date(Date.now() - heartbeatAgoMs).toISOString();
    return db().insertInto('servers').values({
      codigo_servidor: id, host: `10.0.0.${id}`, public_url: `http://10.0.0.${id}:3001`, rtmp_port: 1935, ftp_port: 2121, hls_port: 3002,
      started_at: at, heartbeat_at: at, cpu_cores: load.cores, cpu_permille: 100, live_channels: load.live, media_processes: load.live,
      viewers: 0, disk_free_mb: load.freeMb, disk_total_mb: 100_000,
    }).onConflict((oc) => oc.column('codigo_servidor').doUpdateSet({ heartbeat_at: at, live_channels: load.live, cpu_cores: load.cores, disk_free_mb: load.freeMb }))
      .execute();
  };

  before(async () => {
    h = await startHarness({ env: { PUBLIC_HOST: 'midia1.exemplo.com.br', RTMP_PORT: '19350', FTP_PORT: '21210' } });
    operator = await account('admin');
    reseller = await account('revenda');
    await db().updateTable('accounts').set({ max_streamings: 5, espectadores: 500, espaco: 10_000 }).where('id', '=', reseller.id).execute();
    channel = await account('streaming');
  });
  after(() => h.close());

  test('a fresh install with no server registered places every account on this node, as before', async () => {
    assert.equal((await db().selectFrom('servers').selectAll().execute()).length, 0);
    assert.equal(await serverOf(channel.usuario), 1);
    const r = await call(operator.token, 'POST', '/api/revenda/streamings', streaming('tv_fresca'));
    assert.equal(r.statusCode, 201, r.body);
    assert.equal(await serverOf('tv_fresca'), 1);
    // the dashboard of an account of this node, before its worker's first heartbeat: online
    const d = await call(channel.token, 'GET', '/api/dashboard/overview');
    assert.equal(d.statusCode, 200, d.body);
    assert.deepEqual(d.json().servidor, { codigo: 1, online: true });
  });

  test('the worker tick registers its server with its addresses and writes the heartbeat with its load', async () => {
    let clock = Date.parse('2026-03-01T12:00:00.000Z');
    const tick = serversTick({ now: () => clock });
    const worker = { nodeId: 1 } as WorkerContext;
    // what the node runs: one live channel, one media process, one viewer of one of its accounts
    const now = new Date().toISOString();
    await db().insertInto('transmissions').values({
      user_id: channel.id, node_id: 1, tipo: 'obs', titulo: 'ao vivo', codigo_playlist: null, stream_name: channel.usuario, status: 'live',
      platform_ids: '[]', client_id: null, publish_addr: null, created_at: now, started_at: now, ended_at: null, end_reason: null,
    }).execute();
    await db().insertInto('media_processes').values({
      user_id: channel.id, node_id: 1, kind: 'restream', desired: 'running', start_at: now, end_at: null, transmission_id: null,
      state: 'live', error: null, pid: 424242, state_at: now, started_at: now, ended_at: null, created_at: now,
    }).execute();
    await db().insertInto('viewer_sessions').values({
      user_id: channel.id, session_key: 'servers-test-viewer', source: 'player', ip_hash: 'x', user_agent: 'test', started_at: now,
      last_seen_at: now, ended_at: null, cliente: null, latitude: null, longitude: null,
    }).execute();

    await tick.run(h.core, worker);
    const row = await db().selectFrom('servers').selectAll().where('codigo_servidor', '=', 1).executeTakeFirstOrThrow();
    assert.equal(row.host, 'midia1.exemplo.com.br');
    assert.equal(row.public_url, `http://midia1.exemplo.com.br:${h.config.port}`);
    assert.equal(row.rtmp_port, 19350);
    assert.equal(row.ftp_port, 21210);
    assert.equal(row.started_at, '2026-03-01T12:00:00.000Z');
    assert.equal(row.heartbeat_at, '2026-03-01T12:00:00.000Z');
    assert.equal(row.live_channels, 1);
    assert.equal(row.media_processes, 1);
    assert.equal(row.viewers, 1);
    assert.ok(row.cpu_cores >= 1);
    assert.ok(row.cpu_permille >= 0 && row.cpu_permille <= 1000);
    assert.ok(row.disk_total_mb > 0 && row.disk_free_mb > 0 && row.disk_free_mb <= row.disk_total_mb);

    // the operator's edge address survives a restart's registration
    await db().updateTable('servers').set({ edge_url: 'https://edge1.exemplo.com.br' }).where('codigo_servidor', '=', 1).execute();
    clock += 5000;
    await db().updateTable('transmissions').set({ status: 'ended' }).where('user_id', '=', channel.id).execute();
    await tick.run(h.core, worker);
    const beat = await db().selectFrom('servers').selectAll().where('codigo_servidor', '=', 1).executeTakeFirstOrThrow();
    assert.equal(beat.heartbeat_at, '2026-03-01T12:00:05.000Z');
    assert.equal(beat.started_at, '2026-03-01T12:00:00.000Z', 'a heartbeat is no new start');
    assert.equal(beat.live_channels, 0);
    await serversTick({ now: () => clock }).run(h.core, worker);
    assert.equal((await db().selectFrom('servers').select('edge_url').where('codigo_servidor', '=', 1).executeTakeFirstOrThrow()).edge_url,
      'https://edge1.exemplo.com.br');

    // online while the heartbeat is younger than three beats, offline after
    const accounts = { perServer: () => h.core.accounts.perServer(), serverOfLogin: async (login: string) => (await h.core.accounts.byUsuario(login))?.codigo_servidor };
    const at = (ms: number) => createServersService({ db: db(), repo: createServersRepo(), nodeId: 1, config: h.config, now: () => ms, accounts });
    assert.equal((await at(clock + ONLINE_WINDOW_MS - 1000).list()).servidores[0]!.online, true);
    assert.equal((await at(clock + ONLINE_WINDOW_MS + 1).list()).servidores[0]!.online, false);
    assert.deepEqual(await at(clock + ONLINE_WINDOW_MS + 1).statusOf(1), { codigo: 1, online: false });
    await db().deleteFrom('media_processes').where('user_id', '=', channel.id).execute();
    await db().deleteFrom('viewer_sessions').where('session_key', '=', 'servers-test-viewer').execute();
  });

  test('only the operator sees the servers and sets their edge; an unknown server is 404, a bad address 400', async () => {
    await serversTick().run(h.core, { nodeId: 1 } as WorkerContext);
    for (const who of [reseller, channel]) {
      for (const [method, url, body] of [['GET', '/api/admin/servidores'], ['PUT', '/api/admin/servidores/1', { edge_url: null }]] as const) {
        const r = await call(who.token, method, url, body);
        assert.equal(r.statusCode, 403, `${who.usuario} ${method} ${url}`);
        assert.equal(r.json().code, 'operator_only');
      }
    }
    const list = await call(operator.token, 'GET', '/api/admin/servidores');
    assert.equal(list.statusCode, 200, list.body);
    const { servidores, este_servidor } = list.json();
    assert.equal(este_servidor, 1);
    const one = servidores.find((s: { id: number }) => s.id === 1);
    assert.equal(one.online, true);
    assert.equal(one.host, 'midia1.exemplo.com.br');
    assert.equal(one.edge_url, 'https://edge1.exemplo.com.br');
    assert.equal(one.contas, await db().selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).where('codigo_servidor', '=', 1)
      .executeTakeFirstOrThrow().then((r) => Number(r.n)));
    assert.ok(one.carga.disco_total_mb > 0);

    const set = await call(operator.token, 'PUT', '/api/admin/servidores/1', { edge_url: 'https://cdn.exemplo.com.br/' });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json().servidor.edge_url, 'https://cdn.exemplo.com.br');
    // stored as parsed and normalised, never as typed: that is what every customer's player gets
    const typed = await call(operator.token, 'PUT', '/api/admin/servidores/1', { edge_url: 'HTTPS://CDN.Exemplo.com.br:443/hls/../borda/' });
    assert.equal(typed.json().servidor.edge_url, 'https://cdn.exemplo.com.br/borda');
    for (const bad of [
      'ftp://x.exemplo.com.br', 'cdn.exemplo.com.br', 'https://u:p@cdn.exemplo.com.br', 'https://cdn.exemplo.com.br/?a=1', 42,
      'https://edge.example/"><script>alert(1)</script>', 'https://edge.example/hls\r\nX-Injetado: 1', 'https://edge.example/a b',
      'https://edge.example/a\\b', 'https://edge.example/<hls>', 'https://edge.example/%zz', 'https://edge.example/#',
    ]) {
      const r = await call(operator.token, 'PUT', '/api/admin/servidores/1', { edge_url: bad });
      assert.equal(r.statusCode, 400, String(bad));
      assert.equal(r.json().code, 'edge_url_invalid');
    }
    assert.equal((await db().selectFrom('servers').select('edge_url').where('codigo_servidor', '=', 1).executeTakeFirstOrThrow()).edge_url,
      'https://cdn.exemplo.com.br/borda', 'a refused address changes nothing');
    const cleared = await call(operator.token, 'PUT', '/api/admin/servidores/1', { edge_url: '' });
    assert.equal(cleared.json().servidor.edge_url, null);
    const unknown = await call(operator.token, 'PUT', '/api/admin/servidores/77', { edge_url: null });
    assert.equal(unknown.statusCode, 404);
    assert.equal((await call(operator.token, 'PUT', '/api/admin/servidores/abc', { edge_url: null })).statusCode, 404);
  });

  test('a new account goes to the online server with the most free capacity, or the one the operator picks', async () => {
    // server 1 (this node) runs 3 live channels on 2 cores; server 2 is idle: new accounts go to 2
    await serversTick().run(h.core, { nodeId: 1 } as WorkerContext);
    await db().updateTable('servers').set({ live_channels: 3, cpu_cores: 2 }).where('codigo_servidor', '=', 1).execute();
    await otherServer(2, { live: 0, cores: 4, freeMb: 50_000 });
    const op = await call(operator.token, 'POST', '/api/revenda/streamings', streaming('tv_auto'));
    assert.equal(op.statusCode, 201, op.body);
    assert.equal(await serverOf('tv_auto'), 2);
    const rs = await call(reseller.token, 'POST', '/api/revenda/streamings', streaming('tv_da_revenda'));
    assert.equal(rs.statusCode, 201, rs.body);
    assert.equal(await serverOf('tv_da_revenda'), 2);
    const rv = await call(operator.token, 'POST', '/api/admin/revendas', { ...streaming('revenda_auto'), streamings: 2 });
    assert.equal(rv.statusCode, 201, rv.body);
    assert.equal(await serverOf('revenda_auto'), 2);

    // the same load per core: the fewer accounts per core, then the more free disk
    await otherServer(3, { live: 0, cores: 4, freeMb: 90_000 });
    assert.equal((await call(operator.token, 'POST', '/api/revenda/streamings', streaming('tv_tres'))).statusCode, 201);
    assert.equal(await serverOf('tv_tres'), 3, 'server 2 already has accounts');

    // an offline server gets no new account: 2 and 3 stop reporting, 1 is the only one online
    await otherServer(2, { live: 0, cores: 4, freeMb: 50_000 }, ONLINE_WINDOW_MS + 1000);
    await otherServer(3, { live: 0, cores: 4, freeMb: 90_000 }, ONLINE_WINDOW_MS + 1000);
    assert.equal((await call(operator.token, 'POST', '/api/revenda/streamings', streaming('tv_so_um'))).statusCode, 201);
    assert.equal(await serverOf('tv_so_um'), 1);

    // the operator's pick, even an offline server; an unknown one is refused and nothing is made
    assert.equal((await call(operator.token, 'POST', '/api/revenda/streamings', streaming('tv_escolhida', { codigo_servidor: 3, senha: 'senha-forte-escolhida' }))).statusCode, 201);
    assert.equal(await serverOf('tv_escolhida'), 3);
    const unknown = await call(operator.token, 'POST', '/api/revenda/streamings', streaming('tv_nenhum', { codigo_servidor: 9 }));
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().code, 'server_not_found');
    assert.equal(unknown.json().error, errorText('server_not_found'));
    assert.equal((await call(operator.token, 'POST', '/api/revenda/streamings', streaming('tv_nenhum', { codigo_servidor: 'x' }))).statusCode, 400);
    assert.equal(await db().selectFrom('accounts').select('id').where('usuario', '=', 'tv_nenhum').executeTakeFirst(), undefined);
    // a reseller does not pick
    const picked = await call(reseller.token, 'POST', '/api/revenda/streamings', streaming('tv_revenda_escolhe', { codigo_servidor: 1 }));
    assert.equal(picked.statusCode, 403);
    assert.equal(picked.json().code, 'operator_only');

    // the provisioning API: an installation key picks like the operator; without a pick, the rule
    const key = (await call(operator.token, 'POST', '/api/admin/api-keys', { name: 'Cobrança' })).json().secret as string;
    const provision = (body: object) => h.app.inject({ method: 'POST', url: '/api/provisioning/v1/accounts', headers: bearerHeader(key), payload: body });
    assert.equal((await provision(streaming('tv_api', { codigo_servidor: 2 }))).statusCode, 201);
    assert.equal(await serverOf('tv_api'), 2);
    assert.equal((await provision(streaming('tv_api_auto'))).statusCode, 201);
    assert.equal(await serverOf('tv_api_auto'), 1);
    const refused = await provision(streaming('tv_api_x', { codigo_servidor: 9 }));
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().code, 'server_not_found');

    // the dashboard of an account whose server stopped reporting says so
    const onThree = await h.login('tv_escolhida@exemplo.com.br', 'senha-forte-escolhida');
    const dash = await call(onThree, 'GET', '/api/dashboard/overview');
    assert.equal(dash.statusCode, 200, dash.body);
    assert.deepEqual(dash.json().servidor, { codigo: 3, online: false });
    const listed = (await call(operator.token, 'GET', '/api/admin/servidores')).json().servidores as { id: number; online: boolean }[];
    assert.deepEqual(listed.map((s) => [s.id, s.online]), [[1, true], [2, false], [3, false]]);
  });

  test('./painel user add --servidor N: a known server or this node; anything else is refused', async () => {
    // this node is server 1 (NODE_ID unset)
    const { NODE_ID: _node, ...inherited } = process.env;
    const env = { ...inherited, DATA_DIR: h.config.dataDir, ...(h.config.databaseUrl ? { DATABASE_URL: h.config.databaseUrl } : {}) };
    const add = (usuario: string, ...extra: string[]) => run(process.execPath,
      [path.join(CLI, 'user.ts'), 'add', '--email', `${usuario}@exemplo.com.br`, '--password', 'senha-forte-123', '--usuario', usuario, ...extra], { env });
    const made = await add('tv_cli', '--servidor', '2');
    assert.match(made.stdout, /servidor 2\)/);
    assert.equal(await serverOf('tv_cli'), 2);
    await assert.rejects(add('tv_cli_x', '--servidor', '8'), (e: { stderr: string }) => e.stderr.includes(errorText('server_not_found')));
    await assert.rejects(add('tv_cli_y', '--servidor', 'dois'), (e: { stderr: string }) => e.stderr.includes(errorText('server_not_found')));
    assert.equal(await db().selectFrom('accounts').select('id').where('usuario', 'in', ['tv_cli_x', 'tv_cli_y']).executeTakeFirst(), undefined);
  });

  test('a queued job runs on its account\'s server, or on the server it is pinned to, never elsewhere', async () => {
    await otherServer(2, { live: 0, cores: 4, freeMb: 50_000 });
    const here = await account('streaming');
    const there = await account('streaming');
    await db().updateTable('accounts').set({ codigo_servidor: 1 }).where('id', '=', here.id).execute();
    await db().updateTable('accounts').set({ codigo_servidor: 2 }).where('id', '=', there.id).execute();
    const ran: string[] = [];
    const kind = 'servers-test-affinity';
    const runner = (nodeId: number) => createJobRunner({
      db: db(), dialect: h.core.store.dialect, nodeId, workRoot: path.join(h.config.dataDir, `jobs-${nodeId}`), leaseMs: 3000, tickMs: 50,
      scope: jobsOfNode(nodeId), log: () => undefined,
      kinds: [{ kind, input: z.unknown(), slots: 4, run: async (ctx) => { ran.push(`${(ctx.input as { n: string }).n}@${nodeId}`); } }],
    });
    const def = { kind, input: z.object({ n: z.string() }) };
    await h.core.jobs.enqueue(db(), def, { userId: here.id, subjectId: 1, input: { n: 'aqui' } });
    await h.core.jobs.enqueue(db(), def, { userId: there.id, subjectId: 2, input: { n: 'la' } });
    await h.core.jobs.enqueue(db(), def, { userId: here.id, subjectId: 3, input: { n: 'fixado' }, node: 2 });
    const runners = [runner(1), runner(2)];
    runners.forEach((r) => r.start());
    try {
      for (const end = Date.now() + 10_000; ran.length < 3 && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    assert.deepEqual(ran.sort(), ['aqui@1', 'fixado@2', 'la@2']);
  });

  test('every address given to an account names its own server, whichever server answers, and its players use the server\'s edge', async () => {
    await otherServer(2, { live: 0, cores: 4, freeMb: 50_000 });
    await db().updateTable('servers').set({ edge_url: null }).execute();
    const b = await account('streaming');
    await db().updateTable('accounts').set({ codigo_servidor: 2 }).where('id', '=', b.id).execute();
    const stream = `${b.usuario}_live`;

    const conexao = (await call(b.token, 'GET', '/api/dados-conexao')).json();
    assert.deepEqual([conexao.ftp.host, conexao.ftp.porta, conexao.rtmp.servidor, conexao.hls_url],
      ['10.0.0.2', 2121, 'rtmp://10.0.0.2:1935/live', `http://10.0.0.2:3001/hls/${stream}.m3u8`]);
    const fontes = (await call(b.token, 'GET', '/api/streaming/source-urls')).json().source_urls;
    assert.deepEqual(fontes, { http_m3u8: `http://10.0.0.2:3001/hls/${stream}.m3u8`, rtmp: `rtmp://10.0.0.2:1935/live/${stream}` });
    const player = (await call(b.token, 'GET', '/api/player-port/url')).json();
    assert.ok(player.player_url.startsWith(`http://10.0.0.2:3001/api/player-port/iframe?login=${b.usuario}`), player.player_url);
    assert.ok(player.embed_code.includes('src="http://10.0.0.2:3001/api/player-port/iframe?'), player.embed_code);
    // a live whose source is another server's address is refused; its own server's is taken
    const live = (source: string) => call(b.token, 'POST', '/api/streaming/start-live', {
      tipo: 'youtube', servidor_rtmp: 'rtmp://8.8.8.8/live2', servidor_rtmp_chave: 'abc', inicio_imediato: 'sim',
      data_fim: formatZoned(Date.now() + 3_600_000, 'America/Sao_Paulo'), servidor_stm: source,
    });
    assert.equal((await live(`rtmp://midia1.exemplo.com.br:19350/live/${stream}`)).json().code, 'live_source_invalid');

    // the operator gives server 2 an edge: its players pull HLS through it; RTMP and FTP stay on the server
    await call(operator.token, 'PUT', '/api/admin/servidores/2', { edge_url: 'https://borda2.exemplo.com.br' });
    await new Promise((r) => setTimeout(r, 2100)); // the directory reuses a server's row for 2 s
    const comBorda = (await call(b.token, 'GET', '/api/dados-conexao')).json();
    assert.equal(comBorda.hls_url, `https://borda2.exemplo.com.br/hls/${stream}.m3u8`);
    assert.equal(comBorda.rtmp.servidor, 'rtmp://10.0.0.2:1935/live');
    assert.equal((await call(b.token, 'GET', '/api/player-port/url')).json().hls_url, `https://borda2.exemplo.com.br/hls/${stream}.m3u8`);

    // an account of this server: its addresses are this server's configuration
    const a = await account('streaming');
    await db().updateTable('accounts').set({ codigo_servidor: 1 }).where('id', '=', a.id).execute();
    const local = (await call(a.token, 'GET', '/api/dados-conexao')).json();
    assert.deepEqual([local.ftp.host, local.ftp.porta, local.rtmp.servidor], ['midia1.exemplo.com.br', 21210, 'rtmp://midia1.exemplo.com.br:19350/live']);
    // with an edge on this server, its channel's player page plays the edge's playlist, allowed by the page's policy
    await otherServer(1, { live: 0, cores: 4, freeMb: 50_000 });
    await db().updateTable('servers').set({ edge_url: 'https://borda1.exemplo.com.br' }).where('codigo_servidor', '=', 1).execute();
    await new Promise((r) => setTimeout(r, 2100));
    const page = await h.app.inject({ url: `/api/player-port/iframe?login=${a.usuario}&stream=${a.usuario}_live` });
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes(`https://borda1.exemplo.com.br/hls/${a.usuario}_live.m3u8`), 'the page plays the edge\'s playlist');
    assert.match(String(page.headers['content-security-policy']), /connect-src 'self'[^;]* https:\/\/borda1\.exemplo\.com\.br/);
    await db().updateTable('servers').set({ edge_url: null }).execute();
  });

  test('a server joins with a copy of the installation\'s secrets; one started with keys of its own is refused and changes nothing', async () => {
    const databaseUrl = h.config.databaseUrl ?? `sqlite:${path.join(h.config.dataDir, 'painel.db')}`;
    const alone = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-servidor-sozinho-'));
    try {
      await assert.rejects(openCore(loadConfig({ HLS_PORT: '0', DATA_DIR: alone, DATABASE_URL: databaseUrl, NODE_ID: '7' })),
        (e: Error) => e.message === errorText('installation_secrets_mismatch', { dir: path.join(alone, 'secrets') }));
      assert.equal(await db().selectFrom('servers').select('codigo_servidor').where('codigo_servidor', '=', 7).executeTakeFirst(), undefined);
      // the same machine with the copy: it opens, and verifies the sessions server 1 signed
      const peer = await startPeer(h, { NODE_ID: '7' });
      try {
        const me = await peer.app.inject({ url: '/api/auth/me', headers: bearerHeader(channel.token) });
        assert.equal(me.statusCode, 200, me.body);
      } finally {
        await peer.close();
      }
    } finally {
      fs.rmSync(alone, { recursive: true, force: true });
    }
  });
});

