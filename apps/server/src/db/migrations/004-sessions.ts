import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Sessions ended by logout before their expiry. A token names its session (`sid`); logging out
 * ends that session only, while a password change or a disabled account still ends all of
 * them through the account's token version. Rows are dropped once the token would have
 * expired anyway.
 */
export const sessions = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('revoked_sessions')
      .addColumn('sid', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('revoked_sessions_expires').on('revoked_sessions').column('expires_at').execute();
  },
});
