import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database of a test's own on the test command's PostgreSQL, dropped (with its sessions) when done. */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates a fresh, empty database through the admin URL (TEST_PG_ADMIN_URL). */
export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
