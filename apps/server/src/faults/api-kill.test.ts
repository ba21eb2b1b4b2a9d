import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import SQLite from 'better-sqlite3';
import { errorText, type MigrationStatus } from '@painel/contract';
import { createStorage } from '../modules/library/storage.ts';
import { RENEW_MS, STALE_MS } from '../modules/library/quota.ts';
import { startFtpOrigin, type FtpOrigin } from '../testing/ftp-origin.ts';
import { makeChannelClip, makeClips, multipart, tree, type Clips } from '../testing/library.ts';
import { eventually } from '../testing/live.ts';
import { alive } from '../testing/processes.ts';
import { childPids, startStack, type Stack } from '../testing/product.ts';

const MB = 1024 * 1024;
/** The product's promise: a dead upload's reservation and temp file go within a minute. */
const CLEANUP_MS = 60_000;
/** Slack for a loaded 2-core machine (2–5× slower); the figure is logged either way (before the fix: 30 min and 1 h). */
const SLACK_MS = 60_000;
/** The API is back by itself within this long (start.ts restarts it after about a second). */
const RESTART_MS = 15_000;

interface Account {
  usuario: string;
  token: string;
  folderId: number;
}

/** An upload sent by hand, so it can be slowed, stalled and cut: the response, or 'cut' when the connection broke. */
interface SlowUpload {
  send(bytes: Buffer): void;
  end(): void;
  done: Promise<{ status: number; body: string } | 'cut'>;
}

/**
 * Fault: the API process killed (SIGKILL) in the middle of an upload and of an FTP migration.
 * start.ts runs the API as a supervised child, so it comes back by itself; the upload that died
 * with it leaves a temp file and a quota reservation that nothing renews any more, and both go
 * within a minute, while an upload that is alive but stalled keeps both. The FTP migration runs in
 * the worker, which the API's death does not touch: it carries on and ends complete.
 */
describe('fault: the API killed during an upload and an FTP migration', () => {
  let stack: Stack;
  let origin: FtpOrigin;
  let clips: Clips;
  let dir: string;
  let db: SQLite.Database;
  const uploads: SlowUpload[] = [];

  before(async () => {
    clips = makeClips();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-kill-'));
    origin = await startFtpOrigin({
      tree: {
        acervo: {
          'abertura.mp4': makeChannelClip(dir, 'abertura', 'testsrc', 2),
          'entrevista.mp4': makeChannelClip(dir, 'entrevista', 'testsrc2', 2),
          'bastidores.mp4': makeChannelClip(dir, 'bastidores', 'smptebars', 2),
        },
      },
      // about two seconds a file: the kill lands mid-migration
      bytesPerSecond: 64 * 1024,
    });
    stack = await startStack({ OUTBOUND_ALLOW: origin.allowEntry });
    db = new SQLite(path.join(stack.dataDir, 'painel.db'), { readonly: true, fileMustExist: true });
  });
  after(async () => {
    // each step whatever the one before did: a listening origin left open would keep this file's process running
    try {
      for (const u of uploads) u.end();
      db?.close();
      await stack?.stop();
    } finally {
      await origin?.close();
      clips?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  const call = async <T>(who: Account | null, method: 'GET' | 'POST', url: string, body?: object): Promise<{ status: number; body: T }> => {
    const r = await fetch(`${stack.baseUrl}${url}`, {
      method,
      headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: r.status, body: (await r.json()) as T };
  };
  async function account(espaco: number): Promise<Account & { id: number }> {
    const a = await stack.addAccount({ espaco });
    const login = await call<{ token: string }>(null, 'POST', '/api/auth/login', { email: a.email, password: a.password });
    const who = { usuario: a.usuario, token: login.body.token, folderId: 0 };
    const folder = await call<{ id: number }>(who, 'POST', '/api/folders', { nome: 'Vídeos' });
    const id = (db.prepare('SELECT id FROM accounts WHERE usuario = ?').get(a.usuario) as { id: number }).id;
    return { ...who, folderId: folder.body.id, id };
  }
  /** A whole upload at once, with its size declared. */
  const upload = async (who: Account, name: string, content: Buffer) => {
    const body = multipart(name, content);
    const r = await fetch(`${stack.baseUrl}/api/videos/upload?folder_id=${who.folderId}`, {
      method: 'POST', headers: { authorization: `Bearer ${who.token}`, 'content-type': body.contentType }, body: body.payload,
    });
    return { status: r.status, body: (await r.json()) as { error?: string; video?: { id: number } } };
  };
  /** An upload declaring `size` bytes whose content the test sends when it likes. */
  function slowUpload(who: Account, name: string, size: number): SlowUpload {
    const parts = multipart(name, Buffer.alloc(0));
    const req = http.request(`${stack.baseUrl}/api/videos/upload?folder_id=${who.folderId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': parts.contentType, 'content-length': parts.head.length + size + parts.tail.length },
    });
    const done = new Promise<{ status: number; body: string } | 'cut'>((resolve) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', () => resolve('cut'));
      });
      req.on('error', () => resolve('cut'));
    });
    req.write(parts.head);
    const u = { send: (b: Buffer) => void req.write(b), end: () => void req.end(parts.tail), done };
    uploads.push({ ...u, end: () => req.destroy() });
    return u;
  }
  const incoming = () => path.join(stack.dataDir, 'storage', '.incoming');
  const tempFiles = () => tree(incoming()).filter((f) => f.startsWith('up-'));
  const reservations = (userId: number) =>
    db.prepare('SELECT bytes, updated_at FROM upload_reservations WHERE user_id = ?').all(userId) as { bytes: number; updated_at: number }[];
  const videoRows = (userId: number) => (db.prepare('SELECT COUNT(*) AS n FROM videos WHERE user_id = ?').get(userId) as { n: number }).n;
  const accountFiles = (login: string) => tree(path.join(stack.dataDir, 'storage', login)).filter((f) => f.includes('/'));
  const migration = async (who: Account) => (await call<MigrationStatus>(who, 'GET', '/api/ftp/migration-status')).body;
  const files = ['/acervo/abertura.mp4', '/acervo/entrevista.mp4', '/acervo/bastidores.mp4'];

  test('the API comes back by itself; the dead upload leaves nothing within a minute; the migration carries on', async () => {
    // room for the 20 MB upload and no more than 1 MB beside it: clips.big (1.3 MB) fits only once the dead upload's reservation is gone
    const a = await account(21);
    const m = await account(1000);
    const live = await account(1000);

    // an FTP migration under way in the worker
    const connect = await call(m, 'POST', '/api/ftp/connect', { ip: origin.host, porta: origin.port, usuario: origin.user, senha: origin.password });
    assert.equal(connect.status, 200, JSON.stringify(connect.body));
    const queued = await call<{ id: number }>(m, 'POST', '/api/ftp/migrate', { files, destinationFolder: m.folderId });
    assert.equal(queued.status, 200, JSON.stringify(queued.body));
    await eventually(async () => origin.reads.length >= 1, 20_000, 'migração começar a copiar');

    // a 20 MB upload, slowly: its temp file and its reservation exist
    const dying = slowUpload(a, 'grande.mp4', 20 * MB);
    dying.send(clips.big);
    dying.send(Buffer.alloc(MB));
    await eventually(async () => tempFiles().length === 1 && reservations(a.id)[0]!.bytes >= 19 * MB, 20_000, 'envio em andamento');
    const deadFile = tempFiles()[0]!;

    const apiPid = stack.childPid('main.ts');
    const workerPid = stack.childPid('worker.ts');
    assert.ok(apiPid && workerPid, 'start.ts runs the API and the worker as children');
    const before = await migration(m);
    assert.equal(before.status, 'migrating');
    assert.ok(before.completed < files.length, 'the migration is mid-way');

    // the dead upload's reservation counts until STALE_MS after its last renewal, read just before the kill
    const lastRenewal = reservations(a.id)[0]!.updated_at;
    const killedAt = Date.now();
    process.kill(apiPid, 'SIGKILL');
    assert.equal(await dying.done, 'cut', 'the client of the dead API sees its connection cut');

    // back by itself: a new API process answers
    await eventually(async () => {
      const pid = stack.childPid('main.ts');
      return pid !== null && pid !== apiPid && (await fetch(`${stack.baseUrl}/api/health`).then(() => true, () => false));
    }, RESTART_MS + SLACK_MS, 'API voltar sozinha');
    const restartS = (Date.now() - killedAt) / 1000;
    assert.equal(stack.childPid('worker.ts'), workerPid, 'the worker was not touched');
    assert.ok(alive(stack.pid), 'start.ts still supervises');

    // while the dead upload's reservation still counts, the account is refused what only fits without it
    const early = await upload(a, 'cabe.mp4', clips.big);
    // answered while the reservation was still fresh (a slow machine may take longer than that to bring the API back)
    const earlyInWindow = Date.now() - lastRenewal < STALE_MS;
    const refusedEarly = early.status === 413;

    // an upload alive but stalled across the whole wait (no byte for more than STALE_MS) keeps its file and reservation
    const stalled = slowUpload(live, 'lento.mp4', clips.big.length);
    stalled.send(clips.big.subarray(0, 200 * 1024));
    await eventually(async () => tempFiles().some((f) => f !== deadFile) && reservations(live.id).length === 1, 10_000, 'envio lento começar');
    const liveFile = tempFiles().find((f) => f !== deadFile)!;
    const stalledAt = Date.now();

    // the FTP migration never stopped: it ends complete, every file in the library, nothing half-copied
    const ended = await eventually(async () => {
      const st = await migration(m);
      return st.migrating ? undefined : st;
    }, 60_000, 'migração terminar');
    const migrationS = (Date.now() - killedAt) / 1000;
    assert.deepEqual([ended.status, ended.completed, ended.migrated, ended.errors], ['completed', 3, 3, []]);
    assert.equal(videoRows(m.id), 3);
    assert.equal(accountFiles(m.usuario).length, 3);
    assert.deepEqual(tree(path.join(stack.dataDir, 'storage', '.jobs')).filter((f) => f.includes('/')), [], 'nothing left in the job area');

    // within a minute of the kill: the dead upload's file and reservation are gone, and the room is back
    await eventually(async () => !tempFiles().includes(deadFile) && reservations(a.id).length === 0, CLEANUP_MS + SLACK_MS, 'envio morto limpo');
    const cleanedS = (Date.now() - killedAt) / 1000;
    // (an upload taken right after the restart, the reservation already stale, is the one that fits)
    const fits = early.status === 200 ? early : await eventually(async () => {
      const r = await upload(a, 'cabe.mp4', clips.big);
      return r.status === 200 ? r : undefined;
    }, 10_000, 'envio que só cabe sem a reserva morta');
    const roomS = (Date.now() - killedAt) / 1000;
    assert.ok(fits.body.video?.id);
    assert.equal(videoRows(a.id), 1, 'no row for the dead upload');
    assert.equal(accountFiles(a.usuario).length, 1, 'no file of the dead upload in the library');

    // the stalled one, past STALE_MS without a byte, was renewed: a sweep in another process leaves it alone
    await eventually(async () => Date.now() - stalledAt > STALE_MS + 2000, STALE_MS + RENEW_MS, 'envio lento parado');
    const st = fs.statSync(path.join(incoming(), liveFile));
    assert.ok(Date.now() - Math.max(st.mtimeMs, st.ctimeMs) < 2 * RENEW_MS, 'its temp file is renewed');
    await createStorage(stack.dataDir).sweep();
    assert.ok(fs.existsSync(path.join(incoming(), liveFile)), 'a live upload never loses its file');
    const [kept] = reservations(live.id);
    assert.ok(kept && Date.now() - kept.updated_at < 2 * RENEW_MS, 'its reservation is renewed');
    stalled.send(clips.big.subarray(200 * 1024));
    stalled.end();
    const finished = await stalled.done;
    assert.ok(finished !== 'cut' && finished.status === 200, JSON.stringify(finished));
    assert.equal(videoRows(live.id), 1);
    await eventually(async () => tempFiles().length === 0 && reservations(live.id).length === 0, 5000, 'envio lento concluído sem sobras');

    // a new migration is accepted at once (nothing left "in progress"); the browsing session died with the API
    const session = await call<{ connected: boolean }>(m, 'GET', '/api/ftp/connection-status');
    assert.equal(session.body.connected, false);
    await call(m, 'POST', '/api/ftp/connect', { ip: origin.host, porta: origin.port, usuario: origin.user, senha: origin.password });
    const again = await call(m, 'POST', '/api/ftp/migrate', { files: files.slice(0, 1), destinationFolder: m.folderId });
    assert.equal(again.status, 200, JSON.stringify(again.body));

    console.log(`FALHA api-kill: recuperado em ${restartS.toFixed(1)} s (API reiniciada pelo start.ts); envio morto: arquivo temporário e reserva `
      + `removidos em ${cleanedS.toFixed(1)} s, espaço de volta em ${roomS.toFixed(1)} s (recusado logo após o reinício: ${earlyInWindow ? (refusedEarly ? 'sim' : 'não') : 'reinício depois do prazo da reserva, não verificado'}); `
      + `migração FTP concluída sem interrupção em ${migrationS.toFixed(1)} s; perdido: o envio em curso`);
    if (earlyInWindow) {
      assert.ok(refusedEarly, `right after the restart the dead reservation still counts: ${early.status} ${JSON.stringify(early.body)}`);
      assert.equal(early.body.error, errorText('quota_exceeded', { totalMb: 21, usedMb: 20 }));
    }
  });

  test('killing start.ts itself takes the API, the worker and nginx down with it', async () => {
    const api = stack.childPid('main.ts');
    const worker = stack.childPid('worker.ts');
    assert.ok(api && worker);
    const all = [api, worker, ...childPids(worker)];
    process.kill(stack.pid, 'SIGKILL');
    await eventually(async () => all.every((pid) => !alive(pid)), 20_000, `processos ${all.join(', ')} encerrarem`);
  });
});
