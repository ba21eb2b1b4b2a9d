import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Push subscriptions remember who asked for them: `ip_hash` is a keyed hash of the visitor's
 * address (per channel; secret DATA_DIR/secrets/push-ip.key; never the address itself), so one
 * address holds at most a few subscriptions per channel. Rows made before this know no address
 * (''): they count towards the channel's total only.
 */
export const pushLimits = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('push_subscriptions').addColumn('ip_hash', 'text', (c) => c.notNull().defaultTo('')).execute();
    // one address's subscriptions on a channel, oldest first (the one a new subscription replaces)
    await db.schema.createIndex('push_subscriptions_address').on('push_subscriptions').columns(['user_id', 'ip_hash', 'id']).execute();
  },
});
