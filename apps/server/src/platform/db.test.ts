import assert from 'node:assert/strict';
import os from 'node:os';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { openDb } from './db.ts';

describe('PostgreSQL connections', () => {
  test('an idle connection ended by the server never takes the process down; the next query works', { skip: !process.env.TEST_PG_ADMIN_URL && 'sem TEST_PG_ADMIN_URL' }, async () => {
    const { db } = openDb({ databaseUrl: process.env.TEST_PG_ADMIN_URL, dataDir: os.tmpdir() });
    const crashes: unknown[] = [];
    const onCrash = (e: unknown) => crashes.push(e);
    process.on('uncaughtException', onCrash);
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
      // what a PostgreSQL restart does to the connections it had
      const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(crashes, []);
      const again = await sql<{ one: number }>`select 1 as one`.execute(db);
      assert.equal(again.rows[0]!.one, 1);
    } finally {
      process.off('uncaughtException', onCrash);
      await db.destroy();
    }
  });
});
