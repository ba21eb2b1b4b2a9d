import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { openDb, type OpenDb } from '../../platform/db.ts';
import { migrations } from './index.ts';

/**
 * An installation upgraded with APK builds already made: each row's number becomes its name,
 * on a fresh SQLite file, or on a fresh PostgreSQL database when TEST_PG_ADMIN_URL is set.
 */
describe('migration 012: states stored by name', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-migration-'));
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  let store: OpenDb;

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
    let databaseUrl: string | undefined;
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

  test("an APK build's 0, 1 and 2 become 'building', 'done' and 'error'; nothing else of the row changes", async () => {
    const db = store.db as unknown as Kysely<any>;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(store.dialect) } });
    const upTo011 = await migrator.migrateTo('011-push-limits');
    assert.equal(upTo011.error, undefined);

    const at = '2026-01-02T03:04:05.000Z';
    const { id: userId } = await db.insertInto('accounts').values({
      email: 'apk@exemplo.com.br', usuario: 'apk', nome: 'APK', tipo: 'streaming', password_hash: 'x', ftp_password: 'x',
      bitrate: 2500, espectadores: 100, espaco: 1000, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow();
    const app = (status: number, zip: string | null, aviso: string) =>
      ({ user_id: userId, origem: 'android', nome: `TV ${status}`, versao: '1.0', status, aviso, zip, created_at: at, updated_at: at });
    await db.insertInto('android_apps').values([app(0, null, ''), app(1, 'tv-1.apk', ''), app(2, null, 'Falhou')]).execute();

    const latest = await migrator.migrateToLatest();
    assert.equal(latest.error, undefined);
    const ran = latest.results?.map((r) => [r.migrationName, r.status]) ?? [];
    assert.deepEqual(ran[0], ['012-named-states', 'Success']);
    assert.ok(ran.every(([, status]) => status === 'Success'), JSON.stringify(ran));

    const rows = await db.selectFrom('android_apps').select(['nome', 'state', 'zip', 'aviso', 'versao', 'origem', 'created_at']).orderBy('id').execute();
    assert.deepEqual(rows, [
      { nome: 'TV 0', state: 'building', zip: null, aviso: '', versao: '1.0', origem: 'android', created_at: at },
      { nome: 'TV 1', state: 'done', zip: 'tv-1.apk', aviso: '', versao: '1.0', origem: 'android', created_at: at },
      { nome: 'TV 2', state: 'error', zip: null, aviso: 'Falhou', versao: '1.0', origem: 'android', created_at: at },
    ]);
    // the number is gone: nothing can read or write the old column by mistake
    await assert.rejects(sql`SELECT status FROM android_apps`.execute(db));
    // a row made without a state is a build just asked
    await db.insertInto('android_apps').values({ user_id: userId, origem: 'android', nome: 'TV', versao: '1.1', created_at: at, updated_at: at }).execute();
    const made = await db.selectFrom('android_apps').select('state').where('versao', '=', '1.1').executeTakeFirstOrThrow();
    assert.equal(made.state, 'building');
  });
});
