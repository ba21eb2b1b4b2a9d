import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { errorText, msg, type FtpConnectResponse, type FtpListResponse, type FtpScanResponse, type MigrationStatus } from '@painel/contract';
import { startFtpOrigin, startFtpOriginProcess, type FtpOrigin } from '../../testing/ftp-origin.ts';
import { bearerHeader } from '../../testing/harness.ts';
import { makeChannelClip, newFolder, tree } from '../../testing/library.ts';
import { eventually, startLiveStack, type LiveStack } from '../../testing/live.ts';
import { freePort } from '../../worker.ts';

interface Account { id: number; usuario: string; token: string }

/** A port that counts the connections it gets: proof that nothing was dialled. */
async function listener(host: string, port: number) {
  let count = 0;
  const srv = net.createServer((s) => {
    count += 1;
    s.destroy();
  });
  await new Promise<void>((r) => srv.listen(port, host, r));
  return { port, count: () => count, close: () => new Promise<void>((r) => srv.close(() => r())) };
}

/**
 * FTP migration against real FTP servers on loopback (an "old host" served by ftp-srv), with
 * the worker running the jobs: browsing, scanning, the migration with its per-file errors,
 * cancel, the SSRF rules (guard, PASV to another address) and the credentials' lifetime.
 */
describe('FTP migration', () => {
  let s: LiveStack;
  let dir: string;
  let origin: FtpOrigin;
  let slow: FtpOrigin;
  let elsewhere: Omit<FtpOrigin, 'reads'>;
  let pasvTrap: Awaited<ReturnType<typeof listener>>;
  let closedPort: Awaited<ReturnType<typeof listener>>;
  let a: Account;
  let b: Account;
  const slowFiles = ['um', 'dois', 'tres', 'quatro', 'cinco'].map((n) => `/lentos/${n}.mp4`);

  const api = (who: Account, method: 'GET' | 'POST', url: string, payload?: object) =>
    s.h.app.inject({ method, url, headers: bearerHeader(who.token), ...(payload ? { payload } : {}) });
  const status = async (who: Account) => (await api(who, 'GET', '/api/ftp/migration-status')).json<MigrationStatus>();
  /** The status once the account's migration has stopped running. */
  const ended = (who: Account) => eventually(async () => {
    const st = await status(who);
    return st.migrating ? undefined : st;
  }, 60_000, 'migração terminar');
  const connected = async (who: Account) => (await api(who, 'GET', '/api/ftp/connection-status')).json<{ connected: boolean }>().connected;
  const connect = (who: Account, o: Pick<FtpOrigin, 'host' | 'port' | 'user' | 'password'>, extra: object = {}) =>
    api(who, 'POST', '/api/ftp/connect', { ip: o.host, usuario: o.user, senha: o.password, porta: String(o.port), ...extra });
  const videos = async (who: Account, folderId: number) =>
    (await api(who, 'GET', `/api/videos?folder_id=${folderId}`)).json<{ id: number; nome: string; duracao: number; formato_original: string }[]>();
  const jobRows = (userId: number) => s.h.core.store.db.selectFrom('jobs').selectAll().where('user_id', '=', userId).where('kind', '=', 'migration').execute();
  const jobsDir = () => path.join(s.h.core.library.storage.root, '.jobs');
  const account = async (espaco?: number): Promise<Account> => {
    const acc = await s.h.createAccount(espaco ? { espaco } : {});
    return { ...acc, token: await s.h.login(acc.email, acc.password) };
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-ftp-migration-'));
    const clip = (name: string, src: string) => makeChannelClip(dir, name, src, 1);
    origin = await startFtpOrigin({
      tree: {
        videos: {
          'abertura.mp4': clip('abertura', 'testsrc'),
          'notes.mp4': Buffer.from('Anotações da gravação: isto é texto, não vídeo.\n'.repeat(40)),
          'leia-me.txt': Buffer.from('texto'),
          // what a hostile server can list: a name that climbs out of its directory
          '../escape.mp4': clip('escape', 'smptebars'),
          'temporada 1': { 'episodio 1.mp4': clip('episodio', 'testsrc2'), extras: { 'bastidores.mkv': clip('bastidores', 'rgbtestsrc') } },
        },
        vazio: {},
        'plano-pequeno': { 'grande.mp4': Buffer.alloc(1536 * 1024, 7), 'sem-tamanho.mp4': Buffer.alloc(1536 * 1024, 9), 'curto.mp4': clip('curto', 'testsrc') },
      },
      hiddenSizes: ['/plano-pequeno/sem-tamanho.mp4'],
    });
    const slowClip = clip('lento', 'testsrc2');
    slow = await startFtpOrigin({
      tree: { lentos: Object.fromEntries(slowFiles.map((f) => [path.posix.basename(f), slowClip])) },
      bytesPerSecond: Math.ceil(slowClip.length / 2), // about 2 s a file
    });
    // PASV answers name 127.0.0.2: a listener there would see any data connection the client made
    const trapPort = await freePort();
    pasvTrap = await listener('127.0.0.2', trapPort);
    elsewhere = await startFtpOriginProcess({
      tree: { videos: { 'a.mp4': 'x' } }, pasvAddress: '127.0.0.2', pasvPorts: { min: trapPort, max: trapPort }, blacklist: ['EPSV'],
    });
    closedPort = await listener('127.0.0.1', await freePort());
    s = await startLiveStack({
      env: { OUTBOUND_ALLOW: [origin.allowEntry, slow.allowEntry, elsewhere.allowEntry].join(',') },
      worker: { jobs: { tickMs: 100 } },
    });
    a = await account();
    b = await account();
  });
  after(async () => {
    await s?.close();
    for (const x of [origin, slow, elsewhere]) await x?.close();
    for (const l of [pasvTrap, closedPort]) await l?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('connect: required fields; the guard refuses loopback, metadata and private addresses before dialling; a wrong password', async () => {
    for (const body of [{ ip: '', usuario: 'x', senha: 'y' }, { ip: origin.host, usuario: ' ', senha: 'y' }, { ip: origin.host, usuario: 'x', senha: '  ' }, {}]) {
      const r = await api(a, 'POST', '/api/ftp/connect', body);
      assert.equal(r.statusCode, 400, r.body);
      assert.equal(r.json().error, msg.ftpFieldsRequired);
    }
    // a line break would end the FTP command and start another; nothing is dialled
    for (const body of [{ ip: origin.host, usuario: 'x\r\nDELE /videos/abertura.mp4', senha: 'y' }, { ip: origin.host, usuario: 'x', senha: 'y\r\nQUIT' }, { ip: `${origin.host}\u0000`, usuario: 'x', senha: 'y' }]) {
      const r = await api(a, 'POST', '/api/ftp/connect', { ...body, porta: closedPort.port });
      assert.equal(r.statusCode, 400, r.body);
      assert.equal(r.json().error, errorText('control_chars'));
    }
    // loopback on a port no allow-list entry names
    const loop = await api(a, 'POST', '/api/ftp/connect', { ip: '127.0.0.1', usuario: 'x', senha: 'y', porta: closedPort.port });
    assert.equal(loop.statusCode, 400, loop.body);
    assert.equal(loop.json().error, errorText('outbound_private', { host: '127.0.0.1' }));
    for (const ip of ['169.254.169.254', '10.0.0.1', '0x7f.1', '[::1]']) {
      const r = await api(a, 'POST', '/api/ftp/connect', { ip, usuario: 'x', senha: 'y', porta: 21 });
      assert.equal(r.statusCode, 400, `${ip}: ${r.body}`);
      assert.match(r.json().error, /Endereço não permitido/);
    }
    assert.equal(closedPort.count(), 0, 'nothing dialled a refused address');
    const wrong = await connect(a, origin, { senha: 'errada' });
    assert.equal(wrong.statusCode, 502, wrong.body);
    assert.equal(wrong.json().error, errorText('ftp_login_refused'));
    assert.equal(await connected(a), false);
  });
  test('connect, browse and scan: directories and videos as the server lists them; bad paths refused; another account sees no session', async () => {
    const r = await connect(a, origin);
    assert.equal(r.statusCode, 200, r.body);
    const c = r.json<FtpConnectResponse>();
    assert.equal(c.currentPath, '/');
    assert.deepEqual(c.files.map((f) => [f.name, f.type]), [['plano-pequeno', 'directory'], ['vazio', 'directory'], ['videos', 'directory']]);
    assert.equal(await connected(a), true);
    assert.equal(await connected(b), false, "A's session is A's alone");
    const other = await api(b, 'POST', '/api/ftp/list', { path: '/videos' });
    assert.equal(other.statusCode, 409);
    assert.equal(other.json().error, errorText('ftp_not_connected'));

    const list = await api(a, 'POST', '/api/ftp/list', { path: '/videos' });
    assert.equal(list.statusCode, 200, list.body);
    const files = list.json<FtpListResponse>().files;
    const entry = (name: string) => files.find((f) => f.name === name);
    assert.deepEqual(entry('temporada 1'), { name: 'temporada 1', path: '/videos/temporada 1', type: 'directory', isVideo: false, size: 0 });
    assert.equal(entry('abertura.mp4')?.isVideo, true);
    assert.ok(entry('abertura.mp4')!.size > 1000);
    assert.equal(entry('leia-me.txt')?.isVideo, false);
    assert.equal(entry('../escape.mp4')?.path, '/videos/../escape.mp4');
    assert.equal((await api(a, 'GET', '/api/ftp/connection-status')).json().currentPath, '/videos');

    const missing = await api(a, 'POST', '/api/ftp/list', { path: '/nao-existe' });
    assert.equal(missing.statusCode, 502);
    assert.equal(missing.json().error, msg.ftpListError);
    for (const bad of ['videos', '/videos\r\nDELE /videos/abertura.mp4', '/a\u0000b']) {
      const x = await api(a, 'POST', '/api/ftp/list', { path: bad });
      assert.equal(x.statusCode, 400, JSON.stringify(bad));
      assert.equal(x.json().error, errorText('ftp_remote_path_invalid'));
    }

    const scan = await api(a, 'POST', '/api/ftp/scan-directory', { directoryPath: '/videos' });
    assert.equal(scan.statusCode, 200, scan.body);
    const found = scan.json<FtpScanResponse>();
    assert.equal(found.scanned_directories, 3);
    assert.equal(found.truncated, false);
    assert.deepEqual(found.videos.map((v) => [v.name, v.directory]).sort(), [
      ['../escape.mp4', '/videos'], ['abertura.mp4', '/videos'], ['bastidores.mkv', '/videos/temporada 1/extras'],
      ['episodio 1.mp4', '/videos/temporada 1'], ['notes.mp4', '/videos'],
    ]);
    const empty = (await api(a, 'POST', '/api/ftp/scan-directory', { directoryPath: '/vazio' })).json<FtpScanResponse>();
    assert.deepEqual([empty.videos, empty.scanned_directories], [[], 1]);
  });

  test('migrate: real videos arrive probed; a non-video is refused and the rest go on; a "../" name stays inside; the password is not kept', async () => {
    const folder = await newFolder(s.h, a.token, 'Migrados');
    const bFolder = await newFolder(s.h, b.token, 'De B');
    const pick = ['/videos/abertura.mp4', '/videos/notes.mp4', '/videos/../escape.mp4', '/videos/temporada 1/episodio 1.mp4'];
    for (const [body, error] of [
      [{ files: [], destinationFolder: folder }, msg.ftpSelectFile],
      [{ destinationFolder: folder }, msg.ftpSelectFile],
      [{ files: pick }, msg.ftpSelectFolder],
      [{ files: pick, destinationFolder: '' }, msg.ftpSelectFolder],
      [{ files: ['/videos/leia-me.txt'], destinationFolder: folder }, errorText('ftp_only_videos', { nome: 'leia-me.txt' })],
      [{ files: Array.from({ length: 201 }, (_, i) => `/v/${i}.mp4`), destinationFolder: folder }, errorText('ftp_too_many_files', { max: 200 })],
    ] as const) {
      const r = await api(a, 'POST', '/api/ftp/migrate', body);
      assert.equal(r.statusCode, 400, r.body);
      assert.equal(r.json().error, error);
    }
    const foreign = await api(a, 'POST', '/api/ftp/migrate', { files: pick, destinationFolder: bFolder });
    assert.equal(foreign.statusCode, 404, "another account's folder");
    const noSession = await api(b, 'POST', '/api/ftp/migrate', { files: pick, destinationFolder: bFolder });
    assert.equal(noSession.statusCode, 409);
    assert.equal(noSession.json().error, errorText('ftp_not_connected'));
    assert.equal((await jobRows(a.id)).length + (await jobRows(b.id)).length, 0, 'refused requests queue nothing');

    const r = await api(a, 'POST', '/api/ftp/migrate', { files: pick, destinationFolder: folder });
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.json().message, msg.ftpMigrationStarted(4));
    const [queued] = await jobRows(a.id);
    assert.ok(!queued!.input.includes(origin.password), 'the password is sealed in the job');
    assert.equal((await status(b)).status, 'idle', "B does not see A's migration");

    const done = await ended(a);
    assert.equal(done.status, 'completed');
    assert.deepEqual([done.completed, done.total, done.migrated, done.progress], [4, 4, 3, 100]);
    assert.deepEqual(done.errors, [msg.ftpNotAVideo('notes.mp4')]);
    assert.ok(done.total_size > 0);

    const arrived = await videos(a, folder);
    assert.deepEqual(arrived.map((v) => v.nome).sort(), ['abertura.mp4', 'episodio 1.mp4', 'escape.mp4']);
    for (const v of arrived) {
      assert.ok(v.duracao >= 0.9 && v.duracao <= 1.5, `${v.nome} probed: ${v.duracao}`);
      assert.equal(v.formato_original, 'mp4');
    }
    // on disk: generated names inside the folder, nothing beside it, nothing left in the job area
    const storage = s.h.core.library.storage;
    assert.deepEqual(tree(storage.accountDir(a.usuario)).filter((f) => !f.startsWith('Migrados')), []);
    const inFolder = fs.readdirSync(storage.folderDir(a.usuario, 'Migrados'));
    assert.equal(inFolder.length, 3);
    for (const f of inFolder) assert.match(f, /^[0-9a-f]{24}\.mp4$/);
    assert.ok(!tree(storage.root).some((f) => /escape|notes/.test(f)), tree(storage.root).join(', '));
    assert.deepEqual(tree(jobsDir()), []);
    const [row] = await jobRows(a.id);
    assert.equal(row!.input, '{}', 'the credentials went with the job');
    assert.deepEqual(JSON.parse(row!.result!).video_ids.sort(), arrived.map((v) => v.id).sort());
  });
  test('the plan running out stops the migration: that file is refused with the quota message and the rest are not fetched', async () => {
    const c = await account(1); // a 1 MB plan; grande.mp4 is 1.5 MB
    assert.equal((await connect(c, origin)).statusCode, 200);
    const folder = await newFolder(s.h, c.token, 'Cheia');
    const reads = origin.reads.length;
    const r = await api(c, 'POST', '/api/ftp/migrate', { files: ['/plano-pequeno/grande.mp4', '/plano-pequeno/curto.mp4'], destinationFolder: folder });
    assert.equal(r.statusCode, 200, r.body);
    const st = await ended(c);
    assert.equal(st.status, 'error');
    assert.equal(st.migrated, 0);
    assert.match(st.errors[0]!, /^grande\.mp4: Espaço de armazenamento insuficiente/);
    assert.equal(st.errors[1], msg.ftpQuotaStopped(1));
    assert.equal(origin.reads.length, reads, 'the plan is checked before any byte moves');
    assert.deepEqual(await videos(c, folder), []);

    // a server that does not tell the size: the bytes are counted as they arrive, and refused past the plan
    const r2 = await api(c, 'POST', '/api/ftp/migrate', { files: ['/plano-pequeno/sem-tamanho.mp4', '/plano-pequeno/curto.mp4'], destinationFolder: folder });
    assert.equal(r2.statusCode, 200, r2.body);
    const st2 = await ended(c);
    assert.equal(st2.status, 'error');
    assert.match(st2.errors[0]!, /^sem-tamanho\.mp4: Espaço de armazenamento insuficiente/);
    assert.equal(st2.errors[1], msg.ftpQuotaStopped(1));
    assert.deepEqual(origin.reads.slice(reads), ['/plano-pequeno/sem-tamanho.mp4'], 'the next file was not fetched');
    assert.deepEqual(await videos(c, folder), []);
    assert.deepEqual(tree(jobsDir()), [], 'the partial file went with the job');
    assert.deepEqual(tree(s.h.core.library.storage.accountDir(c.usuario)), ['Cheia']);
  });

  test('a PASV answer naming another address is refused, and no data connection is made', async () => {
    const r = await connect(a, elsewhere);
    assert.equal(r.statusCode, 502, r.body);
    assert.equal(r.json().error, errorText('ftp_passive_elsewhere'));
    assert.equal(pasvTrap.count(), 0);
    assert.equal(await connected(a), false, 'the failed connect replaced the previous session');
  });

  test('cancel stops a migration mid-way: nothing more arrives, nothing is left behind; another account can neither see nor cancel it', async () => {
    assert.equal((await connect(a, slow)).statusCode, 200);
    const folder = await newFolder(s.h, a.token, 'Lentos');
    const r = await api(a, 'POST', '/api/ftp/migrate', { files: slowFiles, destinationFolder: folder });
    assert.equal(r.statusCode, 200, r.body);
    const again = await api(a, 'POST', '/api/ftp/migrate', { files: slowFiles, destinationFolder: folder });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().error, msg.ftpMigrationBusy);

    const mid = await eventually(async () => {
      const st = await status(a);
      return st.migrated >= 1 && st.migrating ? st : undefined;
    }, 30_000, 'primeiro arquivo chegar');
    assert.equal(mid.status, 'migrating');
    assert.equal(mid.total, 5);
    assert.ok(mid.total_size > 0 && mid.uptime >= 1 && mid.current, JSON.stringify(mid));

    const theirs = await api(b, 'POST', '/api/ftp/cancel-migration');
    assert.equal(theirs.statusCode, 404);
    assert.equal(theirs.json().error, errorText('ftp_nothing_to_cancel'));
    assert.deepEqual([(await status(b)).migrating, (await status(b)).total], [false, 0]);
    assert.equal((await status(a)).migrating, true, "B's cancel left A's migration running");

    const cancel = await api(a, 'POST', '/api/ftp/cancel-migration');
    assert.equal(cancel.statusCode, 200, cancel.body);
    assert.equal(cancel.json().message, msg.ftpMigrationCanceled);
    // the cancelled job is gone; the status tells of the last migration that ran to its end, if any
    const after = await status(a);
    assert.equal(after.migrating, false);
    assert.notEqual(after.status, 'migrating');
    assert.equal((await jobRows(a.id)).filter((j) => j.state === 'running' || j.state === 'queued').length, 0);
    await eventually(async () => tree(jobsDir()).length === 0, 5000, 'pasta da tarefa removida');
    const count = (await videos(a, folder)).length;
    assert.ok(count >= 1 && count < 5, String(count));
    await sleep(3000);
    assert.equal((await videos(a, folder)).length, count, 'nothing arrives after the cancel');
    assert.equal(fs.readdirSync(s.h.core.library.storage.folderDir(a.usuario, 'Lentos')).length, count);

    const bye = await api(a, 'POST', '/api/ftp/disconnect');
    assert.equal(bye.json().message, msg.ftpDisconnected);
    assert.equal(await connected(a), false);
  });
});
