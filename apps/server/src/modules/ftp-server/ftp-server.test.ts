import assert from 'node:assert/strict';
import net from 'node:net';
import { Readable, Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { Client, FTPError } from 'basic-ftp';
import { msg } from '@painel/contract';
import { bearerHeader, startHarness, type Harness } from '../../testing/harness.ts';
import { leftovers, makeClips, newFolder, upload, waitFor, type Clips } from '../../testing/library.ts';
import { freePort } from '../../platform/ports.ts';
import { startFtp, type FtpHandle } from './ftp-server.ts';

const pasvEnv = () => {
  const min = 40000 + Math.floor(Math.random() * 400) * 50;
  return { FTP_PASV_MIN: String(min), FTP_PASV_MAX: String(min + 49) };
};

async function ftpError(p: Promise<unknown>): Promise<FTPError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof FTPError) return e;
    throw e;
  }
  throw new Error('a operação deveria ter sido recusada');
}

const bufferOf = async (client: Client, remote: string): Promise<Buffer> => {
  const parts: Buffer[] = [];
  await client.downloadTo(new Writable({ write: (c: Buffer, _e, cb) => void (parts.push(c), cb()) }), remote);
  return Buffer.concat(parts);
};

describe('the accounts’ FTP server', () => {
  let h: Harness;
  let ftp: FtpHandle;
  let clips: Clips;
  const clients: Client[] = [];

  before(async () => {
    clips = makeClips();
    h = await startHarness({ env: pasvEnv() });
    ftp = await startFtp(h.core, { port: await freePort(), host: '127.0.0.1' });
  });
  after(async () => {
    for (const c of clients) c.close();
    await ftp.close();
    await h.close();
    clips.close();
  });

  async function account(espaco = 1000) {
    const a = await h.createAccount({ espaco });
    const row = await h.core.accounts.byLogin(a.email);
    const token = await h.login(a.email, a.password);
    return { ...a, token, auth: bearerHeader(token), ftpPassword: h.core.accounts.ftpPassword(row!) };
  }
  async function connect(user: string, password: string): Promise<Client> {
    const c = new Client(10_000);
    clients.push(c);
    await c.access({ host: '127.0.0.1', port: ftp.port, user, password });
    return c;
  }
  const videos = async (auth: Record<string, string>, folderId: number) =>
    (await h.app.inject({ url: `/api/videos?folder_id=${folderId}`, headers: auth })).json<{ id: number; nome: string; compatibility_status: string; duracao: number; url: string }[]>();

  test('the login shown in Dados de Conexão opens the FTP server', async () => {
    const a = await account();
    const ftpData = (await h.app.inject({ url: '/api/dados-conexao', headers: a.auth })).json().ftp;
    assert.deepEqual([ftpData.usuario, ftpData.senha, ftpData.porta], [a.usuario, a.ftpPassword, h.config.ftpPort]);
    const c = await connect(ftpData.usuario, ftpData.senha);
    assert.equal(await c.pwd(), '/');
  });

  test('an upload as the account appears in the panel with its verdict; folders made by FTP are folders in the panel', async () => {
    const a = await account();
    const folderId = await newFolder(h, a.token, 'Aulas');
    const c = await connect(a.usuario, a.ftpPassword);
    assert.deepEqual((await c.list()).map((f) => [f.name, f.isDirectory]), [['Aulas', true]]);
    await c.uploadFrom(Readable.from([clips.avi]), 'Aulas/antiga.avi');
    await c.uploadFrom(Readable.from([clips.ok]), '/Aulas/nova.mp4');
    const list = await videos(a.auth, folderId);
    assert.deepEqual(list.map((v) => [v.nome, v.compatibility_status, v.duracao]).sort(), [
      ['antiga.avi', 'needs_conversion', 2],
      ['nova.mp4', 'compatible', 2],
    ]);
    const listing = await c.list('Aulas');
    assert.deepEqual(listing.map((f) => [f.name, f.size]).sort(), [['antiga.avi', clips.avi.length], ['nova.mp4', clips.ok.length]]);
    assert.ok((await bufferOf(c, 'Aulas/nova.mp4')).equals(clips.ok));

    await c.ensureDir('Pelo FTP'); // MKD + CWD
    await c.uploadFrom(Readable.from([clips.ok]), 'clip.mp4');
    const folders = (await h.app.inject({ url: '/api/folders', headers: a.auth })).json<{ id: number; nome: string; video_count_db: number }[]>();
    assert.deepEqual(folders.map((f) => [f.nome, f.video_count_db]), [['Aulas', 2], ['Pelo FTP', 1]]);
  });

  test('replace, rename, move and delete by FTP are reflected in the panel', async () => {
    const a = await account();
    const f1 = await newFolder(h, a.token, 'Um');
    const f2 = await newFolder(h, a.token, 'Dois');
    const c = await connect(a.usuario, a.ftpPassword);
    await c.uploadFrom(Readable.from([clips.ok]), 'Um/x.mp4');
    const [first] = await videos(a.auth, f1);
    await c.uploadFrom(Readable.from([clips.avi]), 'Um/x.mp4'); // FileZilla's "overwrite"
    const [replaced] = await videos(a.auth, f1);
    assert.equal(replaced?.id, first?.id);
    assert.equal(replaced?.compatibility_status, 'needs_conversion');
    await c.rename('Um/x.mp4', 'Dois/y.mp4');
    assert.deepEqual(await videos(a.auth, f1), []);
    assert.deepEqual((await videos(a.auth, f2)).map((v) => [v.id, v.nome]), [[first?.id, 'y.mp4']]);
    assert.equal((await h.app.inject({ url: (await videos(a.auth, f2))[0]!.url, headers: a.auth })).statusCode, 200);
    await c.remove('Dois/y.mp4');
    assert.deepEqual(await videos(a.auth, f2), []);
    await c.removeDir('Um');
    assert.deepEqual(leftovers(h, a.usuario).account, ['Dois']);
  });

  test('`CWD ..` and `../` paths stay inside the root; A cannot reach B', async () => {
    const a = await account();
    const b = await account();
    await newFolder(h, a.token, 'Aulas');
    const fb = await newFolder(h, b.token, 'Aulas');
    await upload(h, b.token, fb, 'segredo.mp4', clips.ok);
    const c = await connect(a.usuario, a.ftpPassword);

    await c.cd('..');
    assert.equal(await c.pwd(), '/');
    await c.cd('../../..');
    assert.equal(await c.pwd(), '/');
    await c.cd('Aulas');
    await c.cd('../../../Aulas');
    assert.equal(await c.pwd(), '/Aulas');
    assert.deepEqual((await c.list('../../..')).map((f) => f.name), ['Aulas']);
    assert.deepEqual(await c.list(), []);

    for (const remote of ['segredo.mp4', `../../${b.usuario}/Aulas/segredo.mp4`, `/../${b.usuario}/Aulas/segredo.mp4`, '/../../../etc/passwd', '..\\..\\etc\\passwd']) {
      const e = await ftpError(bufferOf(c, remote));
      assert.equal(e.code, 551, remote);
    }
    assert.equal((await ftpError(c.cd('..\\..'))).code, 550);
    assert.equal((await ftpError(c.cd(`/../${b.usuario}`))).code, 550);
    assert.equal((await ftpError(c.uploadFrom(Readable.from([clips.ok]), `../../${b.usuario}/Aulas/x.mp4`))).code, 550);
    assert.equal((await videos(b.auth, fb)).length, 1);
  });

  test('refusals: wrong password, formats, non-videos, outside a folder, PORT, over quota', async () => {
    const a = await account(1);
    await newFolder(h, a.token, 'P');
    const wrong = await ftpError(connect(a.usuario, 'senha-errada'));
    assert.equal(wrong.code, 530);
    assert.match(wrong.message, new RegExp(msg.ftpWrongCredentials));
    assert.equal((await ftpError(connect(a.email, a.ftpPassword))).code, 530); // the login is the usuario
    assert.equal((await ftpError(connect(a.usuario, a.password))).code, 530); // not the panel password

    const c = await connect(a.usuario, a.ftpPassword);
    const txt = await ftpError(c.uploadFrom(Readable.from([Buffer.from('oi')]), 'P/notas.txt'));
    assert.equal(txt.code, 550);
    assert.match(txt.message, /Formato não aceito/);
    const fake = await ftpError(c.uploadFrom(Readable.from([Buffer.from('não é vídeo'.repeat(50))]), 'P/falso.mp4'));
    assert.match(fake.message, new RegExp(msg.uploadNotVideo));
    assert.match((await ftpError(c.uploadFrom(Readable.from([clips.ok]), '/raiz.mp4'))).message, new RegExp(msg.ftpUploadOutsideFolder));
    assert.equal((await ftpError(c.send('PORT 127,0,0,1,31,144'))).code, 502);
    assert.equal((await ftpError(c.send('EPRT |1|127.0.0.1|8080|'))).code, 502);

    // the session is still usable after the refusals
    await c.uploadFrom(Readable.from([clips.ok]), 'P/cabe.mp4');
    assert.equal((await h.core.library.usageOf(a.id)).totalVideos, 1);
  });

  test('over quota: STOR refused mid-transfer, nothing kept; a full plan is refused before any data', async () => {
    const a = await account(1);
    const folderId = await newFolder(h, a.token, 'Q');
    const c = await connect(a.usuario, a.ftpPassword);
    // ~1.3 MB into a 1 MB plan: the server stops at the limit. The 550 usually wins the race
    // with the reset of the data connection the client is still writing to; either is a refusal.
    const over = await c.uploadFrom(Readable.from([clips.big]), 'Q/grande.mp4').then(() => null, (e: Error) => e);
    assert.ok(over, 'o envio deveria ter sido recusado');
    if (over instanceof FTPError) {
      assert.equal(over.code, 550);
      assert.match(over.message, /Espaço de armazenamento insuficiente/);
    } else assert.match(over.message, /ECONNRESET|EPIPE|closed/);
    await waitFor(async () => leftovers(h, a.usuario).incoming.length === 0 && (await h.core.store.db.selectFrom('upload_reservations').selectAll().execute()).length === 0);
    assert.deepEqual(leftovers(h, a.usuario).account, ['Q']);
    assert.deepEqual(await videos(a.auth, folderId), []);

    await upload(h, a.token, folderId, 'quase.mp4', clips.mid); // 0.56 MB
    await h.core.store.db.updateTable('accounts').set({ espaco: 0 }).where('id', '=', a.id).execute(); // plan reduced below use
    const c2 = await connect(a.usuario, a.ftpPassword);
    const full = await ftpError(c2.uploadFrom(Readable.from([clips.ok]), 'Q/mais.mp4'));
    assert.equal(full.code, 550);
    assert.match(full.message, /Espaço de armazenamento insuficiente: o limite do seu plano é 0 MB/);
    assert.equal((await videos(a.auth, folderId)).length, 1);
  });
});

describe('FTP login throttling', () => {
  let h: Harness;
  let ftp: FtpHandle;
  before(async () => {
    h = await startHarness({ env: { ...pasvEnv(), LOGIN_MAX_PER_ACCOUNT: '3', LOGIN_WINDOW_MS: '60000' } });
    ftp = await startFtp(h.core, { port: await freePort(), host: '127.0.0.1' });
  });
  after(async () => {
    await ftp.close();
    await h.close();
  });

  test('a guessing address is held back, the owner still logs in from another address, and the web login is not affected', async () => {
    const a = await h.createAccount();
    const row = await h.core.accounts.byLogin(a.email);
    const right = h.core.accounts.ftpPassword(row!);
    /** USER/PASS from a given loopback address; the server's answer to PASS. */
    const attempt = async (password: string, from: string) => {
      const c = await rawFtp(ftp.port, from);
      try {
        c.send(`USER ${a.usuario}`);
        await c.line(/^331 /);
        c.send(`PASS ${password}`);
        return await c.line(/^(230|530) /);
      } finally {
        c.socket.destroy();
      }
    };
    for (let i = 0; i < 3; i++) assert.match(await attempt(`errada-${i}`, '127.0.0.1'), new RegExp(`^530 .*${msg.ftpWrongCredentials}`));
    assert.match(await attempt(right, '127.0.0.1'), new RegExp(`^530 .*${msg.tooManyAttempts}`));
    // the usuario is public: the owner elsewhere is not locked out, and the guesser stays held back
    assert.match(await attempt(right, '127.0.0.2'), /^230 /);
    assert.match(await attempt('errada-x', '127.0.0.1'), new RegExp(`^530 .*${msg.tooManyAttempts}`));
    assert.ok(await h.login(a.email, a.password));
  });
});

describe('FTP sessions end with the account', () => {
  let h: Harness;
  let ftp: FtpHandle;
  before(async () => {
    h = await startHarness({ env: pasvEnv() });
    ftp = await startFtp(h.core, { port: await freePort(), host: '127.0.0.1', limits: { recheckMs: 200 } });
  });
  after(async () => {
    await ftp.close();
    await h.close();
  });

  async function session() {
    const a = await h.createAccount();
    const row = await h.core.accounts.byLogin(a.email);
    const c = await rawFtp(ftp.port);
    c.send(`USER ${a.usuario}`);
    await c.line(/^331 /);
    c.send(`PASS ${h.core.accounts.ftpPassword(row!)}`);
    await c.line(/^230 /);
    return { ...a, c };
  }

  test('an open session of an account that gets disabled is closed, told why', async () => {
    const s = await session();
    await h.core.accounts.setDisabled(s.email, true);
    await s.c.closed(3000);
    assert.ok(s.c.lines.includes(`421 ${msg.ftpSessionEnded}`), JSON.stringify(s.c.lines));
  });

  test('after a password change the next command is refused and the session closed', async () => {
    const s = await session();
    const quiet = await session(); // another account's session goes on
    await h.core.accounts.setPassword(s.email, 'outra-senha-forte');
    s.c.send('PWD');
    await s.c.closed(3000);
    assert.ok(s.c.lines.includes(`421 ${msg.ftpSessionEnded}`), JSON.stringify(s.c.lines));
    assert.ok(!s.c.lines.some((l) => l.startsWith('257 ')), 'o PWD não foi atendido');
    quiet.c.send('PWD');
    assert.match(await quiet.c.line(/^257 /), /^257 /);
    quiet.c.socket.destroy();
  });
});

describe('FTP passive ports', () => {
  let h: Harness;
  let ftp: FtpHandle;
  const PASV_PER_IP = 4;
  before(async () => {
    const min = 40000 + Math.floor(Math.random() * 400) * 50;
    // a small pool makes exhaustion quick to reach
    h = await startHarness({ env: { FTP_PASV_MIN: String(min), FTP_PASV_MAX: String(min + 19) } });
    ftp = await startFtp(h.core, { port: await freePort(), host: '127.0.0.1', limits: { pasvPerIp: PASV_PER_IP } });
  });
  after(async () => {
    await ftp.close();
    await h.close();
  });

  async function loggedIn(from = '127.0.0.1') {
    const a = await h.createAccount();
    const row = await h.core.accounts.byLogin(a.email);
    const c = await rawFtp(ftp.port, from);
    c.send(`USER ${a.usuario}`);
    await c.line(/^331 /);
    c.send(`PASS ${h.core.accounts.ftpPassword(row!)}`);
    await c.line(/^230 /);
    return { ...a, c, ftpPassword: h.core.accounts.ftpPassword(row!) };
  }
  /** Sends PASV and waits for its own answer. */
  async function pasv(c: Awaited<ReturnType<typeof rawFtp>>) {
    const before = c.lines.length;
    c.send('PASV');
    const until = Date.now() + 5000;
    for (;;) {
      const answer = c.lines.slice(before).find((l) => /^(227|425|400|421) /.test(l));
      if (answer) return answer;
      if (Date.now() > until) throw new Error(`PASV sem resposta: ${JSON.stringify(c.lines.slice(before))}`);
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  test('150 PASV on one session hold one port; another account still lists its folder', async () => {
    const greedy = await loggedIn();
    try {
      const answers: string[] = [];
      for (let i = 0; i < 150; i++) answers.push(await pasv(greedy.c));
      assert.deepEqual(answers.filter((a) => !a.startsWith('227 ')), []);
      const other = await h.createAccount();
      const token = await h.login(other.email, other.password);
      await h.app.inject({ method: 'POST', url: '/api/folders', headers: bearerHeader(token), payload: { nome: 'Aulas' } });
      const row = await h.core.accounts.byLogin(other.email);
      const client = new Client(5000);
      try {
        await client.access({ host: '127.0.0.1', port: ftp.port, user: other.usuario, password: h.core.accounts.ftpPassword(row!) });
        assert.deepEqual((await client.list('/')).map((f) => f.name), ['Aulas']);
      } finally {
        client.close();
      }
    } finally {
      greedy.c.socket.destroy();
    }
  });

  test('one address holds at most its share of passive ports, told why in Portuguese; others are not affected', async () => {
    const sessions = await Promise.all(Array.from({ length: PASV_PER_IP + 1 }, () => loggedIn('127.0.0.3')));
    try {
      const answers: string[] = [];
      for (const s of sessions) answers.push(await pasv(s.c));
      assert.equal(answers.filter((a) => a.startsWith('227 ')).length, PASV_PER_IP);
      assert.equal(answers.at(-1), `425 ${msg.ftpTooManyPassivePorts}`);
      // a session that re-enters passive mode keeps its own port rather than being refused
      assert.match(await pasv(sessions[0]!.c), /^227 /);
      const elsewhere = await loggedIn('127.0.0.4');
      try {
        assert.match(await pasv(elsewhere.c), /^227 /);
      } finally {
        elsewhere.c.socket.destroy();
      }
    } finally {
      for (const s of sessions) s.c.socket.destroy();
    }
  });
});

/** A bare control connection: what the server says, line by line, and whether it hung up. */
async function rawFtp(port: number, localAddress = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  const lines: string[] = [];
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => {
    buffered += d;
    const parts = buffered.split('\r\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  });
  socket.on('error', () => undefined);
  const hungUp = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  /** When the server hung up; fails if it is still open after `ms`. */
  const closed = (ms = 5000) =>
    Promise.race([hungUp, new Promise<never>((_r, reject) => setTimeout(() => reject(new Error(`conexão ainda aberta após ${ms} ms`)), ms).unref())]);
  const line = async (re: RegExp, ms = 5000) => {
    const until = Date.now() + ms;
    for (;;) {
      const hit = lines.find((l) => re.test(l));
      if (hit) return hit;
      if (Date.now() > until) throw new Error(`sem resposta ${re} em ${JSON.stringify(lines)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  await line(/^220 /);
  return { socket, lines, closed, line, send: (cmd: string) => socket.write(`${cmd}\r\n`) };
}

describe('FTP connection limits', () => {
  let h: Harness;
  let short: FtpHandle; // short login and idle times
  let capped: FtpHandle; // 3 connections per address
  let slowIdle: FtpHandle; // the usual login time, a short idle time: for the slow upload
  let clips: Clips;
  // short, but several times what a loaded machine takes between two commands of one client
  const LOGIN_MS = 1500;
  const IDLE_MS = 1500;

  before(async () => {
    clips = makeClips();
    h = await startHarness({ env: pasvEnv() });
    short = await startFtp(h.core, { port: await freePort(), host: '127.0.0.1', limits: { loginMs: LOGIN_MS, idleMs: IDLE_MS, perIp: 50 } });
    capped = await startFtp(h.core, { port: await freePort(), host: '127.0.0.1', limits: { perIp: 3 } });
    slowIdle = await startFtp(h.core, { port: await freePort(), host: '127.0.0.1', limits: { idleMs: IDLE_MS, perIp: 50 } });
  });
  after(async () => {
    await slowIdle.close();
    await short.close();
    await capped.close();
    await h.close();
    clips.close();
  });

  async function account() {
    const a = await h.createAccount({ espaco: 1000 });
    const row = await h.core.accounts.byLogin(a.email);
    const token = await h.login(a.email, a.password);
    return { ...a, token, auth: bearerHeader(token), ftpPassword: h.core.accounts.ftpPassword(row!) };
  }

  test('a connection that does not log in is closed after the login time, however busy it keeps it', async () => {
    const started = Date.now();
    const c = await rawFtp(short.port);
    const noops = setInterval(() => c.send('NOOP'), 100);
    try {
      const closedAt = await c.closed();
      assert.ok(c.lines.includes(`421 ${msg.ftpLoginTimeout}`), JSON.stringify(c.lines));
      assert.ok(c.lines.filter((l) => l.startsWith('200')).length >= 3, 'os NOOPs foram respondidos até o fim');
      // never before the login time; after it, by its timer (the upper bound only tells it from never)
      assert.ok(closedAt - started >= LOGIN_MS - 50 && closedAt - started < LOGIN_MS + 30_000, `${closedAt - started} ms`);
    } finally {
      clearInterval(noops);
    }
  });

  test('a logged-in connection left idle is closed with a Portuguese notice', async () => {
    const a = await account();
    const c = await rawFtp(short.port);
    c.send(`USER ${a.usuario}`);
    await c.line(/^331 /);
    c.send(`PASS ${a.ftpPassword}`);
    await c.line(/^230 /);
    const loggedAt = Date.now();
    // commands keep it open past the login time and the idle time
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, IDLE_MS / 3));
      c.send('PWD');
    }
    await c.line(/^257 /);
    assert.equal(c.socket.destroyed, false);
    assert.ok(Date.now() - loggedAt > IDLE_MS);
    const closedAt = await c.closed();
    assert.ok(c.lines.includes(`421 ${msg.ftpIdleTimeout}`), JSON.stringify(c.lines));
    assert.ok(closedAt - loggedAt >= IDLE_MS, `${closedAt - loggedAt} ms`);
  });

  test('a slow upload that outlasts the idle time is not cut; the quiet connection after it is', async () => {
    const a = await account();
    const folderId = await newFolder(h, a.token, 'Lento');
    const c = new Client(10_000);
    try {
      await c.access({ host: '127.0.0.1', port: slowIdle.port, user: a.usuario, password: a.ftpPassword });
      // ~4 idle times of upload during which the control connection says nothing
      const pieces = 16;
      const size = Math.ceil(clips.ok.length / pieces);
      const slow = Readable.from((async function* () {
        for (let i = 0; i < pieces; i++) {
          await new Promise((r) => setTimeout(r, (IDLE_MS * 4) / pieces));
          yield clips.ok.subarray(i * size, (i + 1) * size);
        }
      })());
      const started = Date.now();
      await c.uploadFrom(slow, 'Lento/devagar.mp4');
      assert.ok(Date.now() - started > IDLE_MS * 2);
      const list = (await h.app.inject({ url: `/api/videos?folder_id=${folderId}`, headers: a.auth })).json<{ nome: string }[]>();
      assert.deepEqual(list.map((v) => v.nome), ['devagar.mp4']);
      await waitFor(async () => c.closed, 5000);
      assert.ok(c.closed, 'a conexão ociosa depois do envio deveria ter sido fechada');
    } finally {
      c.close();
    }
  });

  test('one address holds at most its share of connections; the next is refused in Portuguese', async () => {
    const held = [await rawFtp(capped.port), await rawFtp(capped.port), await rawFtp(capped.port)];
    const refused = await ftpError((async () => {
      const c = new Client(5000);
      try {
        await c.connect('127.0.0.1', capped.port);
      } finally {
        c.close();
      }
    })());
    assert.equal(refused.code, 421);
    assert.match(refused.message, new RegExp(msg.ftpTooManyConnections));
    // the held ones still work
    held[0]!.send('NOOP');
    await held[0]!.line(/^200 /);
    // one leaves: a new connection gets in
    held[2]!.socket.end('QUIT\r\n');
    await held[2]!.closed();
    const a = await account();
    await waitFor(async () => {
      const c = new Client(5000);
      try {
        await c.access({ host: '127.0.0.1', port: capped.port, user: a.usuario, password: a.ftpPassword });
        return (await c.pwd()) === '/';
      } catch {
        return false;
      } finally {
        c.close();
      }
    });
    for (const c of held) c.socket.destroy();
  });
});
