import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A failed job keeps the code of its error (packages/contract errors.ts) beside the Portuguese
 * text it shows, so code that acts on why a job failed compares the code. Jobs that failed
 * before this have none (null): they are shown by their text as before.
 */
export const jobErrorCode = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('jobs').addColumn('error_code', 'text').execute();
  },
});
