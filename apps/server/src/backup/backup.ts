import fs from 'node:fs';
import path from 'node:path';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { execFile } from 'node:child_process';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../platform/config.ts';
import { modules } from '../modules/index.ts';
import { readTar, TarError, TarWriter } from './tar.ts';

/**
 * Backup and restore of an installation: one gzip'd tar holding a consistent copy of the
 * database (SQLite's online backup, or pg_dump's custom format), DATA_DIR/secrets and, unless
 * left out, the library, the logos and the apps' files — never HLS fragments, temporary
 * uploads or job folders. Every file is stored under a fixed entry name (files/000001…); the
 * manifest, the last entry, maps them to their paths with size and sha256, and is sealed with
 * an HMAC keyed by the archived secrets, so an archive whose manifest, files or secrets were
 * changed or mixed with another installation's is refused before anything is written.
 */

export const FORMAT = 'painel-backup';
export const FORMAT_VERSION = 1;
const PREFIX = 'painel-backup/';
const MANIFEST = `${PREFIX}manifest.json`;
const DB_ENTRY = { sqlite: `${PREFIX}database.sqlite`, postgres: `${PREFIX}database.pgdump` } as const;
/**
 * DATA_DIR folders that hold what matters: those of every account file set the modules declare
 * 'carried' (the library, logos, apps). The rest (hls, nginx, jobs, playout, the standby slate…)
 * is made again.
 */
const MEDIA_DIRS = [...new Set(modules.flatMap((m) => m.accountFiles ?? []).filter((s) => s.kind === 'carried').map((s) => s.root))];
const ROOTS = new Set<string>(['secrets', ...MEDIA_DIRS]);

export type DbKind = 'sqlite' | 'postgres';

export interface ManifestFile {
  entry: string;
  /** Relative to DATA_DIR, with forward slashes. */
  path: string;
  size: number;
  sha256: string;
  mode: number;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  panelVersion: string;
  createdAt: string;
  database: { kind: DbKind; entry: string; size: number; sha256: string };
  withoutMedia: boolean;
  /** sha256 of the key derived from the secrets: tells two installations apart without revealing them. */
  secretsFingerprint: string;
  files: ManifestFile[];
  /** HMAC-SHA256 of the manifest without this field, keyed by the secrets. */
  mac: string;
}

/** A refusal whose message (Portuguese) is shown as it is. */
export class BackupError extends Error {}

export function dbKind(config: Config): DbKind {
  return config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl) ? 'postgres' : 'sqlite';
}

function sqliteFile(config: Config): string {
  const url = config.databaseUrl;
  return url?.startsWith('sqlite:') ? url.slice('sqlite:'.length) : path.join(config.dataDir, 'painel.db');
}

function panelVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '?';
  } catch {
    return '?';
  }
}

/** libpq's environment for a postgres:// address, so the password never shows in a process list. */
function pgEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('PG')) delete env[k];
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname.replace(/^\[|\]$/g, ''));
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const db = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (db) env.PGDATABASE = db;
  const map: Record<string, string> = { sslmode: 'PGSSLMODE', host: 'PGHOST', port: 'PGPORT', user: 'PGUSER', password: 'PGPASSWORD', dbname: 'PGDATABASE', sslrootcert: 'PGSSLROOTCERT', application_name: 'PGAPPNAME' };
  for (const [k, v] of u.searchParams) if (map[k]) env[map[k]!] = v;
  return env;
}

function run(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { env, maxBuffer: 16 << 20 }, (err, _stdout, stderr) => {
      if (!err) return resolve();
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      reject(new BackupError(missing ? `${bin} não encontrado: instale o cliente do PostgreSQL (pacote postgresql-client)`
        : `${bin} falhou: ${String(stderr).trim() || err.message}`));
    });
  });
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** The key that seals the manifest: every secret's path and content, in path order. */
function secretsKey(secrets: { path: string; content: Buffer }[]): Buffer {
  const h = createHash('sha256').update('painel-backup-secrets-v1\0');
  for (const s of [...secrets].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    h.update(`${s.path}\0${s.content.length}\0`).update(s.content);
  }
  return h.digest();
}

const manifestMac = (key: Buffer, m: Omit<Manifest, 'mac'>) => createHmac('sha256', key).update(JSON.stringify(m)).digest('hex');

/** Regular files under dir (no symbolic links), relative to base; dot-folders of storage (uploads, jobs) skipped. */
function listFiles(base: string, rel: string, out: string[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(base, rel), { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  for (const d of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const r = `${rel}/${d.name}`;
    if (d.isDirectory()) {
      if (rel === 'storage' && d.name.startsWith('.')) continue; // .incoming, .jobs: temporary
      listFiles(base, r, out);
    } else if (d.isFile()) {
      if (d.name.endsWith('.tmp') && rel === 'secrets') continue;
      out.push(r);
    }
  }
}

export interface BackupResult {
  file: string;
  files: number;
  bytes: number;
  manifest: Manifest;
}

/** Writes the archive to `file` (not overwritten if it exists), while the panel may keep running. */
export async function createBackup(config: Config, file: string, opts: { withoutMedia?: boolean } = {}): Promise<BackupResult> {
  const out = path.resolve(file);
  if (fs.existsSync(out)) throw new BackupError(`O arquivo ${out} já existe: escolha outro nome`);
  const dataDir = config.dataDir;
  if (!fs.existsSync(path.join(dataDir, 'secrets'))) {
    throw new BackupError(`Nenhuma instalação em ${dataDir} (falta a pasta secrets/): nada para copiar`);
  }
  const kind = dbKind(config);
  const work = fs.mkdtempSync(path.join(path.dirname(out), '.painel-backup-'));
  fs.chmodSync(work, 0o700);
  const partial = path.join(work, 'archive.tar.gz');
  try {
    // 1. the database, consistent at one instant
    const dbCopy = path.join(work, kind === 'sqlite' ? 'db.sqlite' : 'db.pgdump');
    if (kind === 'sqlite') {
      const src = sqliteFile(config);
      if (!fs.existsSync(src)) throw new BackupError(`Banco SQLite não encontrado em ${src}`);
      const db = new SQLite(src, { fileMustExist: true });
      try {
        db.pragma('busy_timeout = 5000');
        await db.backup(dbCopy);
      } finally {
        db.close();
      }
    } else {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', dbCopy], pgEnv(config.databaseUrl!));
    }
    // 2. the files, each hashed as it is written
    const rels: string[] = [];
    listFiles(dataDir, 'secrets', rels);
    if (!opts.withoutMedia) for (const d of MEDIA_DIRS) listFiles(dataDir, d, rels);
    const tar = new TarWriter(partial);
    const files: ManifestFile[] = [];
    const secrets: { path: string; content: Buffer }[] = [];
    let bytes = 0;
    try {
      const dbInfo = await tar.addFile(DB_ENTRY[kind], dbCopy);
      let n = 0;
      for (const rel of rels) {
        const abs = path.join(dataDir, rel);
        const entry = `${PREFIX}files/${String(++n).padStart(6, '0')}`;
        let info;
        try {
          info = await tar.addFile(entry, abs);
        } catch (e) {
          // a video deleted while the backup runs is simply not in it
          if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
            n -= 1;
            continue;
          }
          throw e;
        }
        files.push({ entry, path: rel, ...info });
        bytes += info.size;
        if (rel.startsWith('secrets/')) secrets.push({ path: rel, content: fs.readFileSync(abs) });
      }
      // the secrets as archived (re-read above) must be what was hashed
      for (const s of secrets) {
        const f = files.find((x) => x.path === s.path)!;
        if (sha256(s.content) !== f.sha256) throw new BackupError(`O segredo ${s.path} mudou durante o backup: tente de novo`);
      }
      const key = secretsKey(secrets);
      const body: Omit<Manifest, 'mac'> = {
        format: FORMAT, formatVersion: FORMAT_VERSION, panelVersion: panelVersion(), createdAt: new Date().toISOString(),
        database: { kind, entry: DB_ENTRY[kind], size: dbInfo.size, sha256: dbInfo.sha256 },
        withoutMedia: Boolean(opts.withoutMedia), secretsFingerprint: sha256(key), files,
      };
      const manifest: Manifest = { ...body, mac: manifestMac(key, body) };
      await tar.addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 1)));
      await tar.close();
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.linkSync(partial, out); // never over a file that appeared meanwhile
      return { file: out, files: files.length, bytes: bytes + dbInfo.size, manifest };
    } catch (e) {
      await tar.close().catch(() => {});
      throw e;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Whether a file or folder path is inside DATA_DIR's kept folders and has no way out of them. */
function safeRel(rel: string): boolean {
  if (typeof rel !== 'string' || !rel || rel.includes('\0') || rel.includes('\\') || rel.startsWith('/')) return false;
  const parts = rel.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return false;
  return ROOTS.has(parts[0]!) && parts.length >= 2;
}

function validManifest(m: unknown): m is Manifest {
  const x = m as Manifest;
  const hex = (s: unknown) => typeof s === 'string' && /^[0-9a-f]{64}$/.test(s);
  const size = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
  return Boolean(x) && typeof x === 'object' && x.format === FORMAT && typeof x.formatVersion === 'number'
    && Boolean(x.database) && (x.database.kind === 'sqlite' || x.database.kind === 'postgres') && x.database.entry === DB_ENTRY[x.database.kind]
    && size(x.database.size) && hex(x.database.sha256) && hex(x.secretsFingerprint) && hex(x.mac) && Array.isArray(x.files)
    && x.files.every((f) => f && typeof f.entry === 'string' && /^painel-backup\/files\/\d{6}$/.test(f.entry) && safeRel(f.path)
      && size(f.size) && hex(f.sha256) && Number.isInteger(f.mode));
}

/** Why the installation is not empty, or null when it is. */
async function notEmpty(config: Config): Promise<string | null> {
  const dataDir = config.dataDir;
  if (fs.existsSync(dataDir)) {
    if (!fs.statSync(dataDir).isDirectory()) return `${dataDir} não é uma pasta`;
    const entries = fs.readdirSync(dataDir);
    if (entries.length) return `a pasta de dados ${dataDir} não está vazia (${entries.slice(0, 5).join(', ')}${entries.length > 5 ? ', …' : ''})`;
  }
  if (dbKind(config) === 'sqlite') {
    const f = sqliteFile(config);
    if (fs.existsSync(f) && fs.statSync(f).size > 0) return `o banco SQLite ${f} já existe`;
    return null;
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  try {
    await client.connect();
  } catch (e) {
    throw new BackupError(`Não foi possível conectar ao PostgreSQL de DATABASE_URL: ${(e as Error).message}`);
  }
  try {
    const r = await client.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg_toast%' AND s.nspname NOT LIKE 'pg_temp%' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')");
    return Number(r.rows[0]!.n) > 0 ? 'o banco PostgreSQL de DATABASE_URL não está vazio' : null;
  } finally {
    await client.end();
  }
}

export interface RestoreResult {
  manifest: Manifest;
  files: number;
}

/**
 * Restores an archive onto an empty installation. The whole archive is read into a staging
 * folder beside DATA_DIR and every check passes before anything is put in place; a refused
 * archive leaves nothing behind.
 */
export async function restoreBackup(config: Config, file: string): Promise<RestoreResult> {
  const archive = path.resolve(file);
  if (!fs.existsSync(archive) || !fs.statSync(archive).isFile()) throw new BackupError(`Arquivo de backup não encontrado: ${archive}`);
  const why = await notEmpty(config);
  if (why) throw new BackupError(`A restauração só é feita numa instalação vazia: ${why}. Nada foi alterado.`);
  const dataDir = config.dataDir;
  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  const stage = fs.mkdtempSync(path.join(parent, `.${path.basename(dataDir)}.restore-`));
  fs.chmodSync(stage, 0o700);
  const createdDataDir = !fs.existsSync(dataDir);
  const placed: string[] = [];
  let dbPlaced: string | undefined;
  try {
    // 1. read everything into the staging folder, hashing
    const seen = new Map<string, { size: number; sha256: string; staged: string }>();
    let manifestText: string | undefined;
    let count = 0;
    try {
      await readTar(archive, {
        open(name, size) {
          if (seen.has(name) || (name === MANIFEST && manifestText !== undefined)) throw new TarError(`entrada repetida: ${name}`);
          if (name === MANIFEST) {
            if (size > 64 << 20) throw new TarError('manifesto grande demais');
            const parts: Buffer[] = [];
            return {
              async write(c) { parts.push(Buffer.from(c)); },
              async end() { manifestText = Buffer.concat(parts).toString('utf8'); },
            };
          }
          if (name !== DB_ENTRY.sqlite && name !== DB_ENTRY.postgres && !/^painel-backup\/files\/\d{6}$/.test(name)) {
            throw new TarError(`não é um backup do painel (entrada desconhecida: ${name})`);
          }
          const staged = path.join(stage, `e${++count}`);
          const fd = fs.openSync(staged, 'wx', 0o600);
          const hash = createHash('sha256');
          let written = 0;
          return {
            async write(c) {
              hash.update(c);
              written += c.length;
              fs.writeSync(fd, c);
            },
            async end() {
              fs.closeSync(fd);
              seen.set(name, { size: written, sha256: hash.digest('hex'), staged });
            },
          };
        },
      });
    } catch (e) {
      if (e instanceof TarError) throw new BackupError(`Arquivo de backup inválido ou danificado: ${e.message}. Nada foi alterado.`);
      throw e;
    }
    // 2. the manifest: this format, sealed by the archived secrets, every file as listed
    const refuse = (why: string) => new BackupError(`Arquivo de backup recusado: ${why}. Nada foi alterado.`);
    if (manifestText === undefined) throw refuse('não é um backup do painel (sem manifesto painel-backup)');
    let manifest: unknown;
    try {
      manifest = JSON.parse(manifestText);
    } catch {
      throw refuse('manifesto ilegível');
    }
    if ((manifest as Manifest | null)?.format !== FORMAT) throw refuse('não é um backup do painel');
    if ((manifest as Manifest).formatVersion !== FORMAT_VERSION) {
      throw refuse(`formato ${String((manifest as Manifest).formatVersion)} não suportado (esta versão lê o formato ${FORMAT_VERSION})`);
    }
    if (!validManifest(manifest)) throw refuse('manifesto malformado');
    const m = manifest;
    const paths = new Set<string>();
    for (const f of m.files) {
      if (paths.has(f.path)) throw refuse(`caminho repetido no manifesto: ${f.path}`);
      paths.add(f.path);
    }
    const listed = new Set([m.database.entry, ...m.files.map((f) => f.entry)]);
    for (const name of seen.keys()) if (!listed.has(name)) throw refuse(`entrada fora do manifesto: ${name}`);
    for (const f of [{ entry: m.database.entry, path: 'banco de dados', size: m.database.size, sha256: m.database.sha256 }, ...m.files]) {
      const got = seen.get(f.entry);
      if (!got) throw refuse(`falta o arquivo ${f.path}`);
      if (got.size !== f.size || got.sha256 !== f.sha256) throw refuse(`o arquivo ${f.path} não confere com o manifesto (danificado ou alterado)`);
    }
    const secrets = m.files.filter((f) => f.path.startsWith('secrets/')).map((f) => ({ path: f.path, content: fs.readFileSync(seen.get(f.entry)!.staged) }));
    if (!secrets.length) throw refuse('o backup não tem os segredos da instalação');
    const key = secretsKey(secrets);
    const { mac, ...body } = m;
    const expected = Buffer.from(manifestMac(key, body), 'hex');
    if (sha256(key) !== m.secretsFingerprint || !timingSafeEqual(expected, Buffer.from(mac, 'hex'))) {
      throw refuse('os segredos não são os da instalação que fez o backup, ou o manifesto foi alterado');
    }
    const target = dbKind(config);
    if (m.database.kind !== target) {
      throw refuse(`o backup é de um banco ${m.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} e esta instalação usa ${target === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
    }
    const dbStaged = seen.get(m.database.entry)!.staged;
    if (target === 'sqlite') {
      // a SQLite file that opens and is whole
      try {
        const db = new SQLite(dbStaged, { readonly: true, fileMustExist: true });
        try {
          const r = db.pragma('integrity_check', { simple: true });
          if (r !== 'ok') throw new Error(String(r));
        } finally {
          db.close();
        }
      } catch (e) {
        throw refuse(`o banco SQLite do backup não abre (${(e as Error).message})`);
      }
    }

    // 3. the installation must still be empty, then: the files, then the database
    const still = await notEmpty(config);
    if (still) throw new BackupError(`A restauração só é feita numa instalação vazia: ${still}. Nada foi alterado.`);
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dataDir, 0o700);
    // the files first: moving them cannot fail halfway through the database, whose restore is
    // one transaction (PostgreSQL) or one file (SQLite); a failure takes the files away again
    for (const f of m.files) {
      const dest = path.join(dataDir, ...f.path.split('/'));
      const dir = path.dirname(dest);
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      fs.renameSync(seen.get(f.entry)!.staged, dest);
      placed.push(dest);
      fs.chmodSync(dest, f.path.startsWith('secrets/') ? 0o600 : f.mode & 0o666);
    }
    if (target === 'sqlite') {
      const dest = sqliteFile(config);
      fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
      if (fs.existsSync(dest)) fs.rmSync(dest); // an empty file (checked above)
      fs.copyFileSync(dbStaged, dest, fs.constants.COPYFILE_EXCL);
      dbPlaced = dest;
      fs.chmodSync(dest, 0o600);
    } else {
      await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--dbname', pgEnv(config.databaseUrl!).PGDATABASE ?? 'postgres', dbStaged],
        pgEnv(config.databaseUrl!));
    }
    const secretsDir = path.join(dataDir, 'secrets');
    fs.chmodSync(secretsDir, 0o700);
    return { manifest: m, files: m.files.length };
  } catch (e) {
    // nothing half-restored: DATA_DIR was empty (or absent) and the database file absent or empty
    if (placed.length || dbPlaced) {
      if (createdDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      else if (fs.existsSync(dataDir)) for (const name of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
      if (dbPlaced) fs.rmSync(dbPlaced, { force: true });
      if (e instanceof BackupError && !e.message.includes('Nada foi alterado')) throw new BackupError(`${e.message}. Nada foi alterado.`);
    } else if (createdDataDir && fs.existsSync(dataDir) && !fs.readdirSync(dataDir).length) fs.rmdirSync(dataDir);
    throw e;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}
