import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../api.ts';
import { openCore } from '../core.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import type { ModuleContext } from '../modules/module.ts';
import { readHookForm } from '../modules/streaming/ingest.service.ts';
import { bearerHeader, startHarness, type Harness } from '../testing/harness.ts';
import { makeClips, newFolder, upload, type Clips } from '../testing/library.ts';
import { createBackup, restoreBackup, type Manifest } from './backup.ts';
import { TarWriter } from './tar.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every kept file of a DATA_DIR (secrets, library, logos, apps) with its hash. */
function snapshot(dataDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const abs = path.join(dataDir, rel);
    if (!fs.existsSync(abs)) return;
    for (const d of fs.readdirSync(abs, { withFileTypes: true })) {
      const r = `${rel}/${d.name}`;
      if (d.isDirectory()) {
        if (rel === 'storage' && d.name.startsWith('.')) continue;
        walk(r);
      } else if (d.isFile()) out[r] = sha(fs.readFileSync(path.join(dataDir, r)));
    }
  };
  for (const top of ['secrets', 'storage', 'logos', 'apps']) walk(top);
  return out;
}

/** A fresh, empty installation: a DATA_DIR that does not exist yet and, on the PG tier, an empty database. */
async function emptyInstallation(root: string): Promise<{ config: Config; tables(): Promise<number>; drop(): Promise<void> }> {
  const dataDir = path.join(fs.mkdtempSync(path.join(root, 'inst-')), 'data');
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) {
    return {
      config: loadConfig({ HLS_PORT: '0', DATA_DIR: dataDir }),
      tables: async () => (fs.existsSync(path.join(dataDir, 'painel.db')) ? 1 : 0),
      drop: async () => {},
    };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    config: loadConfig({ HLS_PORT: '0', DATA_DIR: dataDir, DATABASE_URL: url }),
    async tables() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return Number((await c.query<{ n: string }>("SELECT count(*)::text AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0]!.n);
      } finally {
        await c.end();
      }
    },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

describe('backup and restore of an installation', () => {
  let h: Harness;
  let other: Harness;
  let clips: Clips;
  let root: string;
  let archive: string;
  let light: string;
  let a: { id: number; email: string; usuario: string; password: string; token: string };
  let videoId: number;
  let folderId: number;
  let key: string;
  let before_: Record<string, string>;
  const drops: (() => Promise<void>)[] = [];

  const api = (app: FastifyInstance, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object | FormData) =>
    app.inject({ method, url, headers: bearerHeader(token), ...(payload ? { payload: payload as object } : {}) });

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-backup-'));
    clips = makeClips();
    h = await startHarness();
    other = await startHarness();
    const acc = await h.createAccount();
    a = { ...acc, token: await h.login(acc.email, acc.password) };
    const folder = await newFolder(h, a.token, 'Canal');
    folderId = folder;
    const up = await upload(h, a.token, folder, 'Abertura.mp4', clips.ok);
    assert.equal(up.statusCode, 200, up.body);
    videoId = up.json<{ video: { id: number } }>().video.id;
    const pl = await api(h.app, a.token, 'POST', '/api/playlists', { nome: 'Manhã' });
    const playlistId = pl.json<{ id: number }>().id;
    assert.equal((await api(h.app, a.token, 'PUT', `/api/playlists/${playlistId}`, { videos: [{ id: videoId, ordem: 1 }] })).statusCode, 200);
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const booking = await api(h.app, a.token, 'POST', '/api/agendamentos', {
      data: day, id_playlist: playlistId, shuffle: false, frequencia: 'uma_vez', finalizacao: false, id_playlist_finalizacao: null, inicio: `${day} 20:00:00`,
    });
    assert.equal(booking.statusCode, 200, booking.body);
    const fd = new FormData();
    fd.append('nome', 'TV Backup');
    const logo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3366cc' } }).png().toBuffer();
    fd.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
    const appSaved = await api(h.app, a.token, 'POST', '/api/app-multiplataforma', fd);
    assert.equal(appSaved.statusCode, 200, appSaved.body);
    key = (await api(h.app, a.token, 'GET', '/api/dados-conexao')).json<{ rtmp: { chave: string } }>().rtmp.chave;
    assert.match(key, /_live\?key=/);
    before_ = snapshot(h.config.dataDir);
    assert.ok(Object.keys(before_).some((p) => p.startsWith('storage/')) && Object.keys(before_).some((p) => p.startsWith('apps/')));
    // an upload in flight and HLS fragments are not part of a backup
    fs.mkdirSync(path.join(h.config.dataDir, 'storage', '.incoming'), { recursive: true });
    fs.writeFileSync(path.join(h.config.dataDir, 'storage', '.incoming', 'up-x'), 'partial');
    fs.mkdirSync(path.join(h.config.dataDir, 'hls'), { recursive: true });
    fs.writeFileSync(path.join(h.config.dataDir, 'hls', `${a.usuario}_live-1.ts`), 'fragment');

    // taken while the API keeps answering
    archive = path.join(root, 'full.tar.gz');
    light = path.join(root, 'light.tar.gz');
    const [full, lite] = await Promise.all([
      createBackup(h.config, archive),
      createBackup(h.config, light, { withoutMedia: true }),
      api(h.app, a.token, 'GET', '/api/playlists'),
    ]);
    assert.equal(full.manifest.withoutMedia, false);
    assert.equal(lite.manifest.withoutMedia, true);
  });
  after(async () => {
    for (const d of drops) await d().catch(() => {});
    await h?.close();
    await other?.close();
    clips?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const entries = (file: string) => execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n');
  const manifestOf = (file: string) => JSON.parse(execFileSync('tar', ['-xzOf', file, 'painel-backup/manifest.json'], { encoding: 'utf8' })) as Manifest;

  test('the archive is a tar with the database, the secrets and the kept files, each listed with size and sha256', () => {
    const m = manifestOf(archive);
    assert.equal(m.format, 'painel-backup');
    assert.equal(m.formatVersion, 1);
    assert.equal(m.database.kind, h.core.store.dialect);
    assert.ok(entries(archive).includes(m.database.entry));
    const listed = Object.fromEntries(m.files.map((f) => [f.path, f.sha256]));
    assert.deepEqual(listed, before_);
    assert.ok(!m.files.some((f) => f.path.startsWith('hls/') || f.path.includes('.incoming')));
    assert.equal((fs.statSync(archive).mode & 0o777), 0o600);
    const lite = manifestOf(light);
    assert.ok(lite.files.length > 0 && lite.files.every((f) => f.path.startsWith('secrets/')));
    assert.equal(lite.secretsFingerprint, m.secretsFingerprint);
    assert.notEqual(manifestOf(archive).secretsFingerprint, undefined);
  });

  test('restored onto an empty installation: login, the video, playlist, booking, app and stream key all work', async () => {
    const inst = await emptyInstallation(root);
    drops.push(inst.drop);
    const r = await restoreBackup(inst.config, archive);
    assert.equal(r.files, Object.keys(before_).length);
    assert.deepEqual(snapshot(inst.config.dataDir), before_);
    assert.equal(fs.statSync(inst.config.dataDir).mode & 0o777, 0o700);
    assert.equal(fs.statSync(path.join(inst.config.dataDir, 'secrets', 'jwt.key')).mode & 0o777, 0o600);
    let core: ModuleContext | undefined;
    let app: FastifyInstance | undefined;
    try {
      core = await openCore(inst.config, { log: () => {} });
      app = await buildApp(core, {});
      // the old password, and even the old session (same secrets)
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password: a.password } });
      assert.equal(login.statusCode, 200, login.body);
      const token = login.json<{ token: string }>().token;
      assert.equal((await api(app, a.token, 'GET', '/api/playlists')).statusCode, 200);
      const videos = (await api(app, token, 'GET', `/api/videos?folder_id=${folderId}`)).json<{ id: number; url: string; content_token: string }[]>();
      const v = videos.find((x) => x.id === videoId)!;
      assert.ok(v, JSON.stringify(videos).slice(0, 300));
      const played = await app.inject({ method: 'GET', url: `${v.url}?auth_token=${v.content_token}` });
      assert.equal(played.statusCode, 200);
      assert.ok(played.rawPayload.equals(clips.ok));
      const playlists = (await api(app, token, 'GET', '/api/playlists')).json<{ nome: string }[]>();
      assert.deepEqual(playlists.map((p) => p.nome), ['Manhã']);
      const bookings = (await api(app, token, 'GET', '/api/agendamentos')).json<unknown[]>();
      assert.equal(bookings.length, 1);
      const tv = (await api(app, token, 'GET', '/api/app-multiplataforma')).json<{ app: { nome: string } | null }>().app;
      assert.equal(tv?.nome, 'TV Backup');
      assert.equal((await api(app, token, 'GET', '/api/dados-conexao')).json<{ rtmp: { chave: string } }>().rtmp.chave, key);
      const [name, query] = key.split('?');
      const secretKey = new URLSearchParams(query).get('key')!;
      const ok = await core.services.ingest.onPublish(readHookForm(new URLSearchParams({ app: 'live', name: name!, key: secretKey, clientid: '7', addr: '127.0.0.1' }).toString()));
      assert.equal(ok.ok, true, JSON.stringify(ok));
      const wrong = await core.services.ingest.onPublish(readHookForm(new URLSearchParams({ app: 'live', name: name!, key: 'errada', clientid: '8' }).toString()));
      assert.equal(wrong.ok, false);
    } finally {
      await app?.close();
      await core?.store.db.destroy();
    }
    // a second restore onto it is refused: it is no longer empty
    await assert.rejects(restoreBackup(inst.config, archive), /instalação vazia/);
  });

  test('--without-media restores the database and the secrets only', async () => {
    const inst = await emptyInstallation(root);
    drops.push(inst.drop);
    await restoreBackup(inst.config, light);
    const got = snapshot(inst.config.dataDir);
    assert.ok(Object.keys(got).length > 0 && Object.keys(got).every((p) => p.startsWith('secrets/')));
    assert.ok((await inst.tables()) > 0);
  });

  /** A refused archive leaves the empty installation as it was: no DATA_DIR, no staging folder, no tables. */
  async function refused(file: string, message: RegExp): Promise<void> {
    const inst = await emptyInstallation(root);
    drops.push(inst.drop);
    await assert.rejects(restoreBackup(inst.config, file), (e: Error) => {
      assert.match(e.message, message);
      assert.match(e.message, /Nada foi alterado/);
      return true;
    });
    assert.equal(fs.existsSync(inst.config.dataDir), false);
    assert.deepEqual(fs.readdirSync(path.dirname(inst.config.dataDir)), []);
    assert.equal(await inst.tables(), 0);
  }

  /** The archive taken apart and written again (a well-formed gzip'd tar) after `change`. */
  async function rebuild(name: string, change: (m: Manifest, dir: string) => void): Promise<string> {
    const m = manifestOf(archive);
    const x = path.join(root, `x-${name}`);
    fs.mkdirSync(x);
    execFileSync('tar', ['-xzf', archive, '-C', x]);
    change(m, x);
    const file = path.join(root, `${name}.tar.gz`);
    const w = new TarWriter(file);
    await w.addFile(m.database.entry, path.join(x, m.database.entry));
    for (const f of m.files) await w.addFile(f.entry, path.join(x, f.entry));
    await w.addBuffer('painel-backup/manifest.json', Buffer.from(JSON.stringify(m)));
    await w.close();
    return file;
  }

  test('a file changed inside a well-formed archive is refused, also when the manifest is edited to match', async () => {
    const video = (m: Manifest) => m.files.find((f) => f.path.startsWith('storage/'))!;
    const changed = await rebuild('changed', (m, x) => {
      const f = path.join(x, video(m).entry);
      const b = fs.readFileSync(f);
      b[100] = b[100]! ^ 1;
      fs.writeFileSync(f, b);
    });
    await refused(changed, /não confere com o manifesto/);
    const edited = await rebuild('edited', (m, x) => {
      const f = path.join(x, video(m).entry);
      const b = fs.readFileSync(f);
      b[100] = b[100]! ^ 1;
      fs.writeFileSync(f, b);
      video(m).sha256 = sha(b);
    });
    await refused(edited, /manifesto foi alterado/);
  });

  test('a corrupt archive (one flipped byte) is refused and nothing is written', async () => {
    const bytes = fs.readFileSync(archive);
    for (const at of [Math.floor(bytes.length / 2), bytes.length - 12]) {
      const bad = Buffer.from(bytes);
      bad[at] = bad[at]! ^ 0x40;
      const file = path.join(root, `flipped-${at}.tar.gz`);
      fs.writeFileSync(file, bad);
      await refused(file, /danificado|não confere|inválido/);
    }
  });

  test('a truncated archive is refused and nothing is written', async () => {
    const bytes = fs.readFileSync(archive);
    const file = path.join(root, 'truncated.tar.gz');
    fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    await refused(file, /incompleto|danificado/);
  });

  test('a foreign archive is refused: a random tar, and one carrying another installation\'s secrets', async () => {
    const src = path.join(root, 'random');
    fs.mkdirSync(src);
    fs.writeFileSync(path.join(src, 'notas.txt'), 'não é um backup');
    const randomTar = path.join(root, 'random.tar.gz');
    execFileSync('tar', ['-czf', randomTar, '-C', src, 'notas.txt']);
    await refused(randomTar, /inválido|não é um backup/);
    const notGzip = path.join(root, 'lixo.tar.gz');
    fs.writeFileSync(notGzip, randomBytes(4096));
    await refused(notGzip, /inválido|danificado/);

    // the same archive with the secrets of another installation put in, every file hash made to agree
    const spliced = await rebuild('spliced', (m, x) => {
      for (const f of m.files.filter((y) => y.path.startsWith('secrets/'))) {
        const foreign = path.join(other.config.dataDir, f.path);
        if (!fs.existsSync(foreign)) continue;
        const content = fs.readFileSync(foreign);
        fs.writeFileSync(path.join(x, f.entry), content);
        f.size = content.length;
        f.sha256 = sha(content);
      }
    });
    await refused(spliced, /segredos não são os da instalação/);
  });

  test('an archive of the other database kind is refused', { skip: !process.env.TEST_PG_ADMIN_URL }, async () => {
    // a PostgreSQL archive offered to a SQLite installation
    const dataDir = path.join(fs.mkdtempSync(path.join(root, 'inst-')), 'data');
    await assert.rejects(restoreBackup(loadConfig({ HLS_PORT: '0', DATA_DIR: dataDir }), archive), /backup é de um banco PostgreSQL e esta instalação usa SQLite/);
    assert.deepEqual(fs.readdirSync(path.dirname(dataDir)), []);
  });

  test('the command line: backup and restore print what they did; a refusal exits 1 with the reason', async () => {
    const cli = path.resolve(import.meta.dirname, '../cli/backup.ts');
    const envOf = (c: Config) => ({ ...process.env, DATA_DIR: c.dataDir, ...(c.databaseUrl ? { DATABASE_URL: c.databaseUrl } : {}) });
    const out = path.join(root, 'cli.tar.gz');
    const made = execFileSync(process.execPath, [cli, 'backup', out, '--without-media'], { env: envOf(h.config), encoding: 'utf8' });
    assert.match(made, /^Backup gravado em .*sem vídeos, logos e apps\./m);
    const again = spawnSync(process.execPath, [cli, 'backup', out], { env: envOf(h.config), encoding: 'utf8' });
    assert.equal(again.status, 1);
    assert.match(again.stderr, /já existe/);
    const inst = await emptyInstallation(root);
    drops.push(inst.drop);
    const restored = execFileSync(process.execPath, [cli, 'restore', out], { env: envOf(inst.config), encoding: 'utf8' });
    assert.match(restored, /restaurado em .* arquivos conferidos\./);
    const twice = spawnSync(process.execPath, [cli, 'restore', out], { env: envOf(inst.config), encoding: 'utf8' });
    assert.equal(twice.status, 1);
    assert.match(twice.stderr, /^A restauração só é feita numa instalação vazia: .*Nada foi alterado\./);
    assert.equal(spawnSync(process.execPath, [cli, 'restore'], { encoding: 'utf8' }).status, 2);
  });
});
