import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { accountFilesResponseSchema, accountMoveResponseSchema, errorText, type AccountMove } from '@painel/contract';
import { nowIso } from '../../platform/db.ts';
import { createJobRunner, type JobRunner } from '../../platform/jobs.ts';
import { bearerHeader, startHarness, startPeer, type Harness, type PeerServer } from '../../testing/harness.ts';
import type { ModuleContext, WorkerContext } from '../module.ts';
import { jobsOfNode } from '../servers/placement.ts';
import { readHookForm } from '../streaming/ingest.service.ts';
import { createMoveHandler, moveInput, stagingRoot } from './move.job.ts';
import { moveCleanupTick } from './cleanup.ts';
import { MOVE_KIND } from './moving.ts';
import { createServerTokens } from './token.ts';

interface Account { id: number; email: string; usuario: string; password: string; token: string }
/** One request the target made to the source's internal routes. */
interface Pull { node: number; route: string; caminho: string | null; start: number }

const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function eventually<T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) assert.fail(`${what}: ${JSON.stringify(v)}`);
    await delay(50);
  }
}

/**
 * Moving an account between two servers over one database: server 1 is the harness's API,
 * server 2 a second API with NODE_ID=2, its own DATA_DIR and a copy of the installation's
 * secrets, each listening on a loopback port; each node gets a job runner of the move (the
 * worker's part that matters here). The operator moves, the target pulls the files from the
 * source, the account switches and the source deletes its copy; an interrupted move resumes,
 * a failed one leaves the account whole where it was.
 */
describe('account move: Mover para outro servidor', () => {
  let h: Harness;
  let peer: PeerServer;
  let core2: ModuleContext;
  let app2: FastifyInstance;
  let url1: string;
  let url2: string;
  let operator: Account;
  let reseller: Account;
  let channel: Account;
  let beat: NodeJS.Timeout | undefined;
  const runners: JobRunner[] = [];
  const pulls: Pull[] = [];
  /** Network behaviour of the pulls: slowed (to stop a copy half way) or corrupted (the source sends other bytes). */
  const wire = { slowMs: 0, corrupt: false };

  const db = () => h.core.store.db;
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    h.app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload } : {}) });
  const account = async (tipo: 'admin' | 'revenda' | 'streaming'): Promise<Account> => {
    const a = await h.createAccount({ tipo, bitrate: 2000, espectadores: 50, espaco: 1000 });
    return { ...a, token: await h.login(a.email, a.password) };
  };
  const serverOfAccount = async (id: number) =>
    (await db().selectFrom('accounts').select('codigo_servidor').where('id', '=', id).executeTakeFirstOrThrow()).codigo_servidor;
  const moveOf = async (id: number): Promise<AccountMove | null> => {
    const r = await call(operator.token, 'GET', `/api/admin/contas/${id}/mover`);
    assert.equal(r.statusCode, 200, r.body);
    return accountMoveResponseSchema.parse(r.json()).mudanca;
  };
  const ended = (id: number) => eventually('the move ended', () => moveOf(id), (m) => m?.estado === 'concluida' || m?.estado === 'falhou');

  /** The HTTP client of a node's move: records each pull and applies `wire`. */
  const watched = (node: number): typeof fetch => async (input, init) => {
    const u = new URL(String(input));
    const range = new Headers(init?.headers).get('range');
    pulls.push({ node, route: u.pathname.split('/').pop()!, caminho: u.searchParams.get('caminho'), start: range ? Number(/^bytes=(\d+)-/.exec(range)![1]) : 0 });
    const res = await fetch(input, init);
    if (!res.body || !u.pathname.endsWith('/arquivo') || (!wire.slowMs && !wire.corrupt)) return res;
    let first = true;
    const body = res.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, c) {
        if (wire.slowMs) await delay(wire.slowMs);
        if (wire.corrupt && first) chunk = Uint8Array.from(chunk, (b, i) => (i === 0 ? b ^ 0xff : b));
        first = false;
        c.enqueue(chunk);
      },
    }));
    return new Response(body, { status: res.status, headers: res.headers });
  };
  /** A runner of the move on a node, as its worker would run it. */
  const runner = (node: 1 | 2): JobRunner => {
    const c = node === 1 ? h.core : core2;
    const r = createJobRunner({
      db: c.store.db, dialect: c.store.dialect, nodeId: node, workRoot: path.join(c.library.storage.root, '.jobs'), leaseMs: 3000, tickMs: 50,
      scope: jobsOfNode(node), log: () => undefined,
      kinds: [{
        kind: MOVE_KIND, input: moveInput, slots: 2,
        run: createMoveHandler({
          db: c.store.db, dataDir: c.config.dataDir, nodeId: node, serverOf: (n) => c.services.servers.serverOf(n),
          tokens: createServerTokens(c.config.dataDir), fetch: watched(node), log: () => undefined,
          processes: c.services.processes, transmissions: c.services.transmissions, accounts: c.accounts,
        }) as never,
      }],
    });
    r.start();
    runners.push(r);
    return r;
  };
  const stopRunner = async (r: JobRunner) => {
    await r.stop();
    runners.splice(runners.indexOf(r), 1);
  };

  /** Account A's files on a server's disk (relative to its DATA_DIR) with their sha256. */
  const filesOf = (dataDir: string, login: string, logo: string): Record<string, string> => {
    const out: Record<string, string> = {};
    const walk = (rel: string) => {
      const abs = path.join(dataDir, rel);
      if (!fs.existsSync(abs)) return;
      if (fs.statSync(abs).isDirectory()) for (const n of fs.readdirSync(abs)) walk(`${rel}/${n}`);
      else out[rel] = sha(abs);
    };
    walk(`storage/${login}`);
    walk(`logos/${logo}`);
    return out;
  };

  before(async () => {
    h = await startHarness();
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    url1 = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    // server 2: the same database, its own disk, the installation's secrets copied over
    peer = await startPeer(h, { NODE_ID: '2' });
    core2 = peer.core;
    app2 = peer.app;
    await app2.listen({ host: '127.0.0.1', port: 0 });
    url2 = `http://127.0.0.1:${(app2.server.address() as { port: number }).port}`;
    // both servers registered and reporting, as their workers' heartbeats would keep them
    for (const [id, url] of [[1, url1], [2, url2], [3, 'http://127.0.0.1:9']] as const) {
      const at = new Date(Date.now() - (id === 3 ? 60_000 : 0)).toISOString();
      await db().insertInto('servers').values({
        codigo_servidor: id, host: '127.0.0.1', public_url: url, rtmp_port: 1935, ftp_port: 2121, hls_port: 0, started_at: at, heartbeat_at: at,
        cpu_cores: 2, cpu_permille: 100, live_channels: 0, media_processes: 0, viewers: 0, disk_free_mb: 10_000, disk_total_mb: 20_000,
      }).execute();
    }
    beat = setInterval(() => void db().updateTable('servers').set({ heartbeat_at: nowIso() }).where('codigo_servidor', 'in', [1, 2]).execute().catch(() => undefined), 1000);
    operator = await account('admin');
    reseller = await account('revenda');
    channel = await account('streaming');
    await db().updateTable('accounts').set({ codigo_servidor: 1 }).where('id', '=', channel.id).execute();
  });
  after(async () => {
    clearInterval(beat);
    await Promise.all(runners.map((r) => r.stop()));
    await peer?.close();
    await h?.close();
  });

  test('only the operator moves; unknown accounts, servers and the same server are refused and nothing changes', async () => {
    for (const who of [reseller, channel]) {
      for (const method of ['GET', 'POST'] as const) {
        const r = await call(who.token, method, `/api/admin/contas/${channel.id}/mover`, method === 'POST' ? { codigo_servidor: 2 } : undefined);
        assert.equal(r.statusCode, 403, `${who.usuario} ${method}`);
        assert.equal(r.json().code, 'operator_only');
      }
    }
    assert.equal((await call(operator.token, 'POST', '/api/admin/contas/999999/mover', { codigo_servidor: 2 })).statusCode, 404);
    assert.equal((await call(operator.token, 'POST', `/api/admin/contas/${operator.id}/mover`, { codigo_servidor: 2 })).statusCode, 404);
    const refusals: [object, number, string][] = [
      [{ codigo_servidor: 1 }, 400, 'account_move_same_server'],
      [{ codigo_servidor: 9 }, 400, 'server_not_found'],
      [{ codigo_servidor: 'dois' }, 400, 'server_not_found'],
      [{ codigo_servidor: 3 }, 409, 'account_move_target_offline'],
    ];
    for (const [body, status, code] of refusals) {
      const r = await call(operator.token, 'POST', `/api/admin/contas/${channel.id}/mover`, body);
      assert.equal(r.statusCode, status, r.body);
      assert.equal(r.json().code, code);
      assert.equal(r.json().error, errorText(code as 'server_not_found'));
    }
    // a file job of the account in progress: the move waits for it
    const now = nowIso();
    const busy = await db().insertInto('jobs').values({
      user_id: channel.id, kind: 'download', subject_id: 0, state: 'running', input: '{}', detail: '{}', max_attempts: 2, node_id: 1, worker: null,
      lease_until: now, pid: null, result: null, error: null, created_at: now, started_at: now, finished_at: null, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const r = await call(operator.token, 'POST', `/api/admin/contas/${channel.id}/mover`, { codigo_servidor: 2 });
    assert.equal(r.statusCode, 409, r.body);
    assert.equal(r.json().code, 'account_move_jobs_running');
    await db().deleteFrom('jobs').where('id', '=', busy.id).execute();
    assert.equal(await serverOfAccount(channel.id), 1);
    assert.equal(await moveOf(channel.id), null);
  });

  test('the internal routes: a server token for this account and this server, or 401/403/404', async () => {
    const other = await account('streaming');
    await db().updateTable('accounts').set({ codigo_servidor: 2 }).where('id', '=', other.id).execute();
    fs.mkdirSync(path.join(h.config.dataDir, 'storage', channel.usuario), { recursive: true });
    fs.writeFileSync(path.join(h.config.dataDir, 'storage', channel.usuario, 'segredo.txt'), 'só da conta');
    fs.mkdirSync(path.join(h.config.dataDir, 'storage', other.usuario), { recursive: true });
    fs.writeFileSync(path.join(h.config.dataDir, 'storage', other.usuario, 'alheio.txt'), 'de outra conta');
    const tokens = createServerTokens(h.config.dataDir);
    const get = (url: string, authorization?: string) => fetch(`${url1}${url}`, authorization ? { headers: { authorization } } : {});
    const bearer = async (c: { account: number; source: number; target: number }) => `Bearer ${await tokens.sign(c)}`;
    const files = `/api/interno/contas/${channel.id}/arquivos`;

    assert.equal((await get(files)).status, 401);
    assert.equal((await get(files, 'Bearer x.y.z')).status, 401);
    const foreign = await new SignJWT({ src: 1, dst: 2 }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(channel.id))
      .setAudience('painel:servidores').setExpirationTime('60s').sign(randomBytes(32));
    assert.equal((await get(files, `Bearer ${foreign}`)).status, 401, 'signed with another key');
    const session = await get(files, `Bearer ${channel.token}`);
    assert.equal(session.status, 401, 'a panel session is no server token');
    assert.equal((await session.json()).code, 'server_token_invalid');
    const wrongAccount = await get(files, await bearer({ account: other.id, source: 1, target: 2 }));
    assert.equal(wrongAccount.status, 403);
    assert.equal((await wrongAccount.json()).code, 'server_token_scope');
    assert.equal((await get(files, await bearer({ account: channel.id, source: 2, target: 1 }))).status, 403, 'meant for another server');

    // what is made again on the server it plays on (the standby slate, HLS fragments) is not carried
    fs.mkdirSync(path.join(h.config.dataDir, 'fallback', String(channel.id)), { recursive: true });
    fs.writeFileSync(path.join(h.config.dataDir, 'fallback', String(channel.id), 'sinal.png'), 'png');
    fs.mkdirSync(path.join(h.config.dataDir, 'hls'), { recursive: true });
    fs.writeFileSync(path.join(h.config.dataDir, 'hls', `${channel.usuario}_live-1.ts`), 'ts');
    const good = await bearer({ account: channel.id, source: 1, target: 2 });
    const manifest = accountFilesResponseSchema.parse(await (await get(files, good)).json());
    assert.deepEqual(manifest.arquivos.map((f) => f.caminho), [`storage/${channel.usuario}/segredo.txt`]);
    fs.rmSync(path.join(h.config.dataDir, 'fallback', String(channel.id)), { recursive: true });
    fs.rmSync(path.join(h.config.dataDir, 'hls', `${channel.usuario}_live-1.ts`));
    assert.equal(manifest.arquivos[0]!.sha256, createHash('sha256').update('só da conta').digest('hex'));
    const file = (caminho: string) => get(`/api/interno/contas/${channel.id}/arquivo?caminho=${encodeURIComponent(caminho)}`, good);
    const part = await fetch(`${url1}/api/interno/contas/${channel.id}/arquivo?caminho=${encodeURIComponent(manifest.arquivos[0]!.caminho)}`,
      { headers: { authorization: good, range: 'bytes=4-' } });
    assert.equal(part.status, 206);
    assert.equal(await part.text(), Buffer.from('só da conta').subarray(4).toString());
    for (const caminho of [`storage/${other.usuario}/alheio.txt`, `storage/${channel.usuario}/../${other.usuario}/alheio.txt`, 'secrets/ftp.key', 'painel.db', '']) {
      assert.equal((await file(caminho)).status, 404, caminho);
    }
    // an account on another server is never served from this disk, even with a token for it
    const elsewhere = await get(`/api/interno/contas/${other.id}/arquivos`, await bearer({ account: other.id, source: 1, target: 2 }));
    assert.equal(elsewhere.status, 404);
    // the source deletes its copy only once the account is no longer on it
    const release = await fetch(`${url1}/api/interno/contas/${channel.id}/liberar`, { method: 'POST', headers: { authorization: good } });
    assert.equal(release.status, 409);
    assert.equal((await release.json()).code, 'account_move_release_refused');
    assert.ok(fs.existsSync(path.join(h.config.dataDir, 'storage', channel.usuario, 'segredo.txt')));
    fs.rmSync(path.join(h.config.dataDir, 'storage', other.usuario), { recursive: true, force: true });
    fs.rmSync(path.join(h.config.dataDir, 'storage', channel.usuario, 'segredo.txt'));
  });

  test('a move interrupted half way resumes and completes: files verified on server 2, gone from server 1, broadcasts back on', async () => {
    const dir1 = h.config.dataDir;
    const dir2 = core2.config.dataDir;
    const home = path.join(dir1, 'storage', channel.usuario);
    fs.mkdirSync(path.join(home, 'videos', 'serie'), { recursive: true });
    fs.writeFileSync(path.join(home, 'videos', 'a-abertura.mp4'), randomBytes(200_000));
    fs.writeFileSync(path.join(home, 'videos', 'serie', 'b-vazio.txt'), '');
    fs.writeFileSync(path.join(home, 'videos', 'z-grande.mp4'), randomBytes(4 * 1024 * 1024));
    const logo = `logo-${channel.id}.png`;
    fs.mkdirSync(path.join(dir1, 'logos'), { recursive: true });
    fs.writeFileSync(path.join(dir1, 'logos', logo), randomBytes(3000));
    const now = nowIso();
    await db().insertInto('logos').values({ user_id: channel.id, nome: 'Logo', arquivo: logo, mime: 'image/png', tamanho: 3000, created_at: now }).execute();
    const proc = (desired: 'running' | 'stopped') => db().insertInto('media_processes').values({
      user_id: channel.id, node_id: 1, kind: 'restream', desired, start_at: now, end_at: null, transmission_id: null,
      state: desired === 'running' ? 'live' : 'finished', error: null, pid: null, state_at: now, started_at: now, ended_at: null, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const running = (await proc('running')).id;
    const stopped = (await proc('stopped')).id;
    const before = filesOf(dir1, channel.usuario, logo);
    assert.equal(Object.keys(before).length, 4);

    const queued = await call(operator.token, 'POST', `/api/admin/contas/${channel.id}/mover`, { codigo_servidor: 2 });
    assert.equal(queued.statusCode, 200, queued.body);
    const move = accountMoveResponseSchema.parse(queued.json()).mudanca!;
    assert.deepEqual([move.estado, move.origem, move.destino], ['na_fila', 1, 2]);
    // while it moves: its broadcasts are stopped, nothing of it starts, a second move is refused
    const row = (id: number) => db().selectFrom('media_processes').select(['node_id', 'desired', 'state']).where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal((await row(running)).desired, 'stopped');
    assert.equal(await h.core.services.accountMove.isMoving(channel.id), true);
    await assert.rejects(db().transaction().execute((tx) => h.core.services.processes.create(tx, {
      userId: channel.id, nodeId: 1, kind: 'restream', startAt: Date.now(), endAt: null,
    })), (e: { code?: string }) => e.code === 'account_moving');
    // OBS is refused by its server's on_publish, with its right key
    const key = (await db().selectFrom('accounts').select('stream_secret').where('id', '=', channel.id).executeTakeFirstOrThrow()).stream_secret!;
    const publish = await h.core.services.ingest.onPublish(readHookForm(new URLSearchParams({
      app: 'live', name: `${channel.usuario}_live`, key, addr: '203.0.113.7', clientid: '1', call: 'publish',
    }).toString()));
    assert.deepEqual(publish, { ok: false, reason: errorText('account_moving') });
    const again = await call(operator.token, 'POST', `/api/admin/contas/${channel.id}/mover`, { codigo_servidor: 2 });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, 'account_move_running');

    // the target's worker copies slowly and is stopped half way through the big file
    wire.slowMs = 50;
    const first = runner(2);
    const staged = path.join(stagingRoot(dir2), String(move.id), 'storage', channel.usuario, 'videos', 'z-grande.mp4');
    // its progress reported (within a second) while the big file is still coming
    await eventually('the copy under way', () => moveOf(channel.id), (m) => (m?.bytes_copiados ?? 0) > 200_000);
    const partial = await eventually('part of the big file staged', () => fs.statSync(staged, { throwIfNoEntry: false })?.size ?? 0, (n) => n > 0);
    await stopRunner(first);
    const kept = fs.statSync(staged).size;
    assert.ok(kept >= partial && kept < 4 * 1024 * 1024, `partial copy kept: ${kept}`);
    const status = await moveOf(channel.id);
    assert.equal(status!.estado, 'na_fila', 'back in the queue for the next worker');
    assert.ok(status!.bytes_copiados > 200_000 && status!.progresso < 100, JSON.stringify(status));
    assert.equal(await serverOfAccount(channel.id), 1, 'still on server 1 until the switch');
    assert.deepEqual(filesOf(dir1, channel.usuario, logo), before);

    // a new worker of server 2 takes it up and resumes where the copy stopped
    wire.slowMs = 0;
    const pullsBefore = pulls.length;
    runner(2);
    const done = await ended(channel.id);
    assert.equal(done!.estado, 'concluida', JSON.stringify(done));
    assert.equal(done!.progresso, 100);
    assert.equal(done!.arquivos_copiados, 4);
    assert.equal(done!.bytes_total, 200_000 + 4 * 1024 * 1024 + 3000);
    const resumed = pulls.slice(pullsBefore).filter((p) => p.route === 'arquivo');
    // the logo comes first in the manifest (the modules' order), the big file last: only it is fetched again
    assert.deepEqual(resumed.map((p) => p.caminho), [`storage/${channel.usuario}/videos/z-grande.mp4`],
      'the files copied before the stop are not fetched again');
    assert.ok(resumed[0]!.start >= kept, `the big file resumes at ${resumed[0]!.start}, not from zero`);

    assert.equal(await serverOfAccount(channel.id), 2);
    assert.deepEqual(filesOf(dir2, channel.usuario, logo), before, 'same files, same sha256 on server 2');
    assert.deepEqual(filesOf(dir1, channel.usuario, logo), {}, 'gone from server 1');
    assert.deepEqual(await row(running), { node_id: 2, desired: 'running', state: 'starting' });
    assert.deepEqual({ ...(await row(stopped)), state: undefined }, { node_id: 2, desired: 'stopped', state: undefined });
    assert.equal(fs.existsSync(path.join(stagingRoot(dir2), String(move.id))), false);
    assert.equal(await h.core.services.accountMove.isMoving(channel.id).then(async () => {
      await delay(1100); // past the second the answer is reused
      return h.core.services.accountMove.isMoving(channel.id);
    }), false);
  });

  test('a move whose source sends corrupted bytes, or goes offline, fails and leaves the account whole where it was', async () => {
    const dir2 = core2.config.dataDir;
    const logo = `logo-${channel.id}.png`;
    const before = filesOf(dir2, channel.usuario, logo);
    assert.ok(Object.keys(before).length > 0);
    const running = await db().selectFrom('media_processes').select('id').where('user_id', '=', channel.id).where('desired', '=', 'running')
      .executeTakeFirstOrThrow();
    const target = runner(1);

    wire.corrupt = true;
    const queued = await call(operator.token, 'POST', `/api/admin/contas/${channel.id}/mover`, { codigo_servidor: 1 });
    assert.equal(queued.statusCode, 200, queued.body);
    const failed = await ended(channel.id);
    wire.corrupt = false;
    assert.equal(failed!.estado, 'falhou');
    assert.equal(failed!.codigo_erro, 'account_move_verify_failed');
    assert.match(failed!.erro!, /chegou diferente do original/);
    assert.equal(await serverOfAccount(channel.id), 2);
    assert.deepEqual(filesOf(dir2, channel.usuario, logo), before, 'every file intact on server 2');
    assert.deepEqual(filesOf(h.config.dataDir, channel.usuario, logo), {});
    assert.deepEqual(fs.readdirSync(stagingRoot(h.config.dataDir)), [], 'the staged files went');
    const restored = await db().selectFrom('media_processes').select(['desired', 'node_id']).where('id', '=', running.id).executeTakeFirstOrThrow();
    assert.deepEqual(restored, { desired: 'running', node_id: 2 });

    // server 2's API goes away after the move was queued (its worker still reports): the copy cannot reach it
    await stopRunner(target);
    const offline = await call(operator.token, 'POST', `/api/admin/contas/${channel.id}/mover`, { codigo_servidor: 1 });
    assert.equal(offline.statusCode, 200, offline.body);
    await app2.close();
    const retry = runner(1);
    const gone = await ended(channel.id);
    assert.equal(gone!.estado, 'falhou');
    assert.equal(gone!.codigo_erro, 'account_move_source_failed');
    assert.equal(await serverOfAccount(channel.id), 2);
    assert.deepEqual(filesOf(dir2, channel.usuario, logo), before);
    assert.equal((await db().selectFrom('media_processes').select('desired').where('id', '=', running.id).executeTakeFirstOrThrow()).desired, 'running');
    await stopRunner(retry);
  });
  test('each worker puts right what a move left: staged files, an interrupted move\'s broadcasts, the old copy it could not delete', async () => {
    // the account is on server 2; server 1 still has an old copy (its release failed) and staged files of ended moves
    assert.equal(await serverOfAccount(channel.id), 2);
    const dir1 = h.config.dataDir;
    const leftover = path.join(dir1, 'storage', channel.usuario, 'videos', 'resto.mp4');
    fs.mkdirSync(path.dirname(leftover), { recursive: true });
    fs.writeFileSync(leftover, randomBytes(1000));
    const job = (state: 'done' | 'failed', detail: object, errorCode: string | null = null) => {
      const at = nowIso();
      return db().insertInto('jobs').values({
        user_id: channel.id, kind: MOVE_KIND, subject_id: 0, state, input: '{}', detail: JSON.stringify(detail), max_attempts: 5, node_id: 1, worker: null,
        lease_until: null, pid: null, result: null, error: null, error_code: errorCode, created_at: at, started_at: at, finished_at: at, updated_at: at,
      }).returning('id').executeTakeFirstOrThrow();
    };
    const unreleased = await job('done', { origem: 1, destino: 2, processos: [], liberado: false });
    const proc = await db().selectFrom('media_processes').select('id').where('user_id', '=', channel.id).where('desired', '=', 'running').executeTakeFirstOrThrow();
    await db().updateTable('media_processes').set({ desired: 'stopped' }).where('id', '=', proc.id).execute();
    const interrupted = await job('failed', { origem: 2, destino: 1, processos: [proc.id] }, 'job_interrupted');
    for (const name of [String(interrupted.id), '999999']) fs.mkdirSync(path.join(stagingRoot(dir1), name, 'storage'), { recursive: true });

    await moveCleanupTick().run(h.core, { nodeId: 1 } as WorkerContext);
    assert.equal(fs.existsSync(leftover), false, 'the old copy is deleted once the account lives elsewhere');
    assert.deepEqual(fs.readdirSync(stagingRoot(dir1)), []);
    assert.equal((await db().selectFrom('media_processes').select('desired').where('id', '=', proc.id).executeTakeFirstOrThrow()).desired, 'running');
    const detailOf = async (id: number) => JSON.parse((await db().selectFrom('jobs').select('detail').where('id', '=', id).executeTakeFirstOrThrow()).detail);
    assert.equal((await detailOf(unreleased.id)).liberado, true);
    assert.equal((await detailOf(interrupted.id)).restaurado, true);
    // the files of the server the account is on are never touched
    assert.ok(Object.keys(filesOf(core2.config.dataDir, channel.usuario, `logo-${channel.id}.png`)).length > 0);
  });
});
