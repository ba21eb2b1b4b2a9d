import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../platform/db.ts';
import { withId } from './helpers.ts';

/**
 * Billing systems' API keys (provisioning API). A key is shown once as `pk_<prefix>_<secret>`;
 * only the SHA-256 of the whole key is kept (keys are long random secrets, so a fast hash is
 * enough) with the short prefix that names it in lists. `revenda_id` null: the whole
 * installation; a reseller's id: that reseller's streamings only (its keys go with it).
 *
 * `api_idempotency`: the first answer of a call made with an `Idempotency-Key`, per key, so a
 * retried call answers the same and does nothing twice. Kept 24 hours. `status` 0 while the
 * first call is still running.
 */
export const apiKeys = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('api_keys'), dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull().unique())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('revenda_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createTable('api_idempotency')
      .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      /** SHA-256 of method, path and body: the same key with another request is refused */
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // a unique index (not a primary key) so that both dialects report a second insert as a unique violation
    await db.schema.createIndex('api_idempotency_key').unique().on('api_idempotency').columns(['key_id', 'idempotency_key']).execute();
    await db.schema.createIndex('api_idempotency_created').on('api_idempotency').column('created_at').execute();
  },
});
