import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The database of one test: on the PostgreSQL tier (TEST_PG_ADMIN_URL set) a fresh database of
 * its own, created now and dropped by drop(); otherwise none (`url` undefined: the SQLite file in
 * the test's data folder).
 */
export async function scratchDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) return { url: undefined, drop: async () => {} };
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
