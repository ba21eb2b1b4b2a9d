import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../platform/db.ts';
import { defaultInt, withId } from './helpers.ts';

/**
 * Resellers and the operator. `accounts.max_streamings` is how many streamings a revenda may
 * have (its pool's other limits are its own bitrate, espectadores and espaco); 0 for the others.
 * `accounts.disabled` now says why an account is suspended: 1 itself, 2 with its reseller (a
 * reseller's reactivation brings back only those).
 *
 * `audit_log`: who did what to which account and when. The actor and the account are kept by
 * login as well, so an entry still reads after either is deleted.
 */
export const management = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('accounts').addColumn('max_streamings', 'integer', defaultInt(0)).execute();
    await withId(db.schema.createTable('audit_log'), dialect)
      .addColumn('actor_id', 'integer')
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('account_id', 'integer')
      .addColumn('account', 'text', (c) => c.notNull())
      /** the reseller whose streaming it was, so that the reseller keeps seeing it */
      .addColumn('revenda_id', 'integer')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_revenda').on('audit_log').columns(['revenda_id', 'id']).execute();
  },
});
