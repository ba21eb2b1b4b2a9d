import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * States are stored by name, as every other state column is: an APK build's `status` number
 * (0 building, 1 done, 2 error) becomes `state` 'building' | 'done' | 'error', the names the web
 * app's `apk_status` already answers. The Android API still answers the number; only the
 * storage changes. A code outside 0..2 was never written; it reads as still building, as the
 * web app's status read it.
 */
export const namedStates = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('android_apps').addColumn('state', 'text', (c) => c.notNull().defaultTo('building')).execute();
    await sql`UPDATE android_apps SET state = CASE status WHEN 1 THEN 'done' WHEN 2 THEN 'error' ELSE 'building' END`.execute(db);
    await db.schema.alterTable('android_apps').dropColumn('status').execute();
  },
});
