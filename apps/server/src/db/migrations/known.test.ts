import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { errorText } from '@painel/contract';
import { migrate, openDb, type OpenDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { EXIT_REFUSED } from '../../platform/start-errors.ts';
import { migrations } from './index.ts';

/**
 * Upgrades only go forward: a database a newer version migrated (its migrations table names one
 * this code does not have) is refused with database_newer and left exactly as it was — on a
 * fresh SQLite file, and on a fresh PostgreSQL database when TEST_PG_ADMIN_URL is set.
 */
describe('a database migrated by a newer version', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-newer-'));
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  let store: OpenDb;
  let databaseUrl: string | undefined;

  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };

  before(async () => {
    if (adminUrl) {
      await admin(`CREATE DATABASE ${dbName}`);
      const u = new URL(adminUrl);
      u.pathname = `/${dbName}`;
      databaseUrl = u.toString();
    }
    store = openDb({ databaseUrl, dataDir });
  });
  after(async () => {
    await store.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  const tableNames = async (db: Kysely<any>) => (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name).sort();
  const applied = async (db: Kysely<any>) =>
    (await db.selectFrom('kysely_migration').select(['name', 'timestamp']).orderBy('name').execute()).map((r) => `${r.name}@${String(r.timestamp)}`);

  test('a fresh database migrates; an up-to-date one opens again', async () => {
    const fresh = openDb({ dataDir: fs.mkdtempSync(path.join(dataDir, 'fresh-')) });
    try {
      await migrate(fresh);
      await migrate(fresh);
      const names = (await applied(fresh.db as unknown as Kysely<any>)).map((n) => n.split('@')[0]);
      assert.deepEqual(names, Object.keys(migrations(fresh.dialect)));
    } finally {
      await fresh.db.destroy();
    }
  });

  test('refuses to open with the Portuguese message naming the unknown migrations, and changes nothing', async () => {
    const db = store.db as unknown as Kysely<any>;
    const known = Object.keys(migrations(store.dialect));
    // this code's migrations except the last (which a start would run), then two a newer version added
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(store.dialect) } });
    const upTo = await migrator.migrateTo(known.at(-2)!);
    assert.equal(upTo.error, undefined);
    const at = new Date().toISOString();
    await db.insertInto('kysely_migration').values([{ name: '900-from-the-future', timestamp: at }, { name: '901-also-newer', timestamp: at }]).execute();
    const tablesBefore = await tableNames(db);
    const appliedBefore = await applied(db);

    const err = await migrate(store).then(() => null, (e: unknown) => e);
    assert.ok(err instanceof AppError, `expected AppError, got ${String(err)}`);
    assert.equal(err.code, 'database_newer');
    assert.equal(err.message, errorText('database_newer', { names: '900-from-the-future, 901-also-newer' }));
    assert.match(err.message, /versão mais nova do painel/);

    // the pending migration of this code did not run, nothing was added or removed
    assert.deepEqual(await tableNames(db), tablesBefore);
    assert.deepEqual(await applied(db), appliedBefore);
    assert.ok(!appliedBefore.some((n) => n.startsWith(`${known.at(-1)!}@`)));
  });

  test('the API process started on it ends with the message alone and the status systemd does not restart', () => {
    const r = spawnSync(process.execPath, [path.join(import.meta.dirname, '../../main.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: store.dialect === 'postgres' ? databaseUrl! : '', PORT: '0', HOST: '127.0.0.1' },
      encoding: 'utf8', timeout: 30_000,
    });
    assert.equal(r.status, EXIT_REFUSED, r.stderr);
    assert.equal(r.stderr.trim(), errorText('database_newer', { names: '900-from-the-future, 901-also-newer' }));
  });
});
