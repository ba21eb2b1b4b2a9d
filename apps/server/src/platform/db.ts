import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator } from 'kysely/migration';
import { Kysely, PostgresDialect, SqliteDialect, type Compilable, type Generated, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from '../db/migrations/index.ts';
import { assertNotNewer } from '../db/migrations/known.ts';
import { watchDatabasePort } from './db-errors.ts';

// errors.ts maps these to 503 database_unavailable; they live apart so errors.ts does not import the database
export { isDatabaseUnavailable } from './db-errors.ts';

export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: Generated<number>;
  user_id: number;
  /** Each module names its own kinds; the runner only matches them. */
  kind: string;
  subject_id: Generated<number>;
  state: JobState;
  input: string;
  detail: string;
  progress: Generated<number>;
  result: string | null;
  error: string | null;
  /** The catalogue code of a failed job's error (packages/contract errors.ts), when it had one. */
  error_code: string | null;
  cancel: Generated<number>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  node_id: number | null;
  worker: string | null;
  lease_until: string | null;
  pid: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  updated_at: string;
}

/**
 * Every table, by name. Each module declares its own tables into this interface (declaration
 * merging, in its `*.table.ts`), so the platform knows only the tables it runs itself.
 */
/** Facts of the whole installation (migration 017): `segredos`, the fingerprint of its keys. */
export interface InstallationTable {
  chave: string;
  valor: string;
}

export interface Database {
  jobs: JobsTable;
  installation: InstallationTable;
}

export type Db = Kysely<Database>;

/** A unique-constraint violation in either dialect (a name taken by a concurrent request, a second active job). */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
export type Tx = Transaction<Database> | Db;

/** A placeholder for argument `i` of a query compiled once (see compileOnce). */
const slot = (i: number): string => `\u0000arg${i}\u0000`;

/**
 * A query of a fixed shape whose SQL is built and compiled once, then run with new values.
 * Building and compiling a query costs about as much as running a small one on SQLite, which
 * matters on paths every request takes (the session check). `build` receives placeholders
 * for its arguments and must use each one as a plain value (no IN lists, no values that change
 * the SQL's shape).
 */
export function compileOnce<A extends unknown[], R>(db: Db, arity: A['length'], build: (...args: A) => Compilable<R>): (...args: A) => Promise<R[]> {
  const compiled = build(...(Array.from({ length: arity }, (_, i) => slot(i)) as A)).compile();
  const at = compiled.parameters.map((p) => {
    const m = typeof p === 'string' ? /^\u0000arg(\d+)\u0000$/.exec(p) : null;
    return m ? Number(m[1]) : -1;
  });
  return async (...args: A) => {
    const parameters = compiled.parameters.map((p, i) => (at[i]! >= 0 ? args[at[i]!] : p));
    const r = await db.executeQuery<R>({ ...compiled, parameters });
    return r.rows;
  };
}
export type Dialect = 'sqlite' | 'postgres';

export interface OpenDb {
  db: Db;
  dialect: Dialect;
}

/** DATA_DIR holds the database, the secrets and every account's files: readable by its owner only. */
export function ensureDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
}

/** How long a PostgreSQL connection may take to open before the query fails (database_unavailable). */
export const CONNECT_TIMEOUT_MS = 5000;

/** SQLite file in DATA_DIR by default; PostgreSQL when the URL says postgres://. */
export function openDb(opts: { databaseUrl?: string | undefined; dataDir: string }): OpenDb {
  const url = opts.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // counts and sums come back as strings otherwise
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    watchDatabasePort(Number(new URL(url).port || 5432));
    // a server that does not answer (stopped, restarting, unreachable) fails a request within
    // CONNECT_TIMEOUT_MS instead of holding it: the API answers 503 database_unavailable
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // an idle connection the server ends (a PostgreSQL restart, a failover) is an 'error' on the
    // pool; without a listener it would take the whole process down. The pool drops that
    // connection and opens a new one for the next query.
    pool.on('error', (e) => console.error(`[db] conexão ociosa encerrada pelo PostgreSQL: ${e.message}`));
    // a connection in use (checked out, between two queries of a transaction) has no listener of
    // the pool: its 'error' would be uncaught and end the process. Its query fails instead
    // (database_unavailable) and the pool drops it when it comes back.
    pool.on('connect', (client) => client.on('error', () => {}));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = url?.startsWith('sqlite:') ? url.slice('sqlite:'.length) : path.join(opts.dataDir, 'painel.db');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // password hashes and sealed secrets live here: the owner only, also for the WAL files
  // (SQLite gives those the database file's mode)
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o600);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), dialect: 'sqlite' };
}

/**
 * The database as Kysely's SQLite driver uses it, with its prepared statements kept: the driver
 * prepares every query anew, which costs more than running the small ones (a heartbeat's). A
 * statement runs to completion in one synchronous call (the panel never streams rows from
 * SQLite), so one compiled statement serves every query of the same text.
 */
const ROLLBACK = /^\s*rollback\s*;?\s*$/i;
/** What a ROLLBACK does when SQLite has already rolled the transaction back. */
const NOTHING_TO_ROLL_BACK = { reader: false, run: () => ({ changes: 0, lastInsertRowid: 0 }) } as unknown as SQLite.Statement;

function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (text: string) => {
          // SQLite ends a transaction by itself on some errors (SQLITE_FULL: the disk is full); the
          // driver's ROLLBACK after it would fail and hide that error behind "no transaction is active"
          if (ROLLBACK.test(text) && !target.inTransaction) return NOTHING_TO_ROLL_BACK;
          let stmt = cache.get(text);
          if (!stmt) {
            stmt = target.prepare(text);
            // texts with values written in (IN lists of varying length) would grow it without end
            if (cache.size >= 1000) cache.clear();
            cache.set(text, stmt);
          }
          return stmt;
        };
      }
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

export async function migrate({ db, dialect }: OpenDb): Promise<void> {
  const all = migrations(dialect);
  // a database migrated by a newer version is refused untouched (database_newer)
  await assertNotNewer(db, Object.keys(all));
  const migrator = new Migrator({ db, provider: { getMigrations: async () => all } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migração falhou: ${failed?.migrationName ?? ''} ${String(error)}`);
}

export const nowIso = (): string => new Date().toISOString();

// whether the database answers: its SQL lives in db.repo.ts
export { ping } from './db.repo.ts';
export const bool = (v: number | boolean): boolean => v === true || v === 1;
