import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Facts of the installation as a whole, shared by every server on the database. `segredos`:
 * the fingerprint of the installation's keys (platform/secrets.ts), written by the first server
 * that opens the database; a server whose DATA_DIR/secrets/ differ refuses to start.
 */
export const installation = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('installation')
      .addColumn('chave', 'text', (c) => c.primaryKey())
      .addColumn('valor', 'text', (c) => c.notNull())
      .execute();
  },
});
