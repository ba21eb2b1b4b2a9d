import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../platform/db.ts';
import { defaultInt, withId } from './helpers.ts';

/**
 * The media tools: finite jobs (download from a link, FTP migration, video conversion) and
 * relays (an external stream pulled into the account's channel by the media engine).
 *
 * `jobs` is the queue every worker draws from. The API inserts a row `queued` with its input;
 * a worker claims it with one conditional UPDATE (state, worker, lease), renews the lease while
 * it runs and writes progress into `detail`; the status calls read that row. `cancel` is a flag
 * the running job obeys. A job whose lease ran out (its worker died) is claimed again while it
 * has attempts left, else it fails. At most one active job per (account, kind, subject): one
 * download and one migration per account, one conversion per video.
 */
export const tools = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('jobs'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull()) // download | migration | conversion
      // the video a conversion works on; 0 for the kinds limited to one per account
      .addColumn('subject_id', 'integer', defaultInt(0))
      .addColumn('state', 'text', (c) => c.notNull()) // queued | running | done | failed
      .addColumn('input', 'text', (c) => c.notNull()) // JSON; secrets in it are sealed and wiped when the job ends
      .addColumn('detail', 'text', (c) => c.notNull()) // JSON progress the status calls read
      .addColumn('progress', 'integer', defaultInt(0)) // percent
      .addColumn('result', 'text') // JSON, when done
      .addColumn('error', 'text')
      .addColumn('cancel', 'integer', defaultInt(0))
      .addColumn('attempts', 'integer', defaultInt(0))
      .addColumn('max_attempts', 'integer', defaultInt(2))
      .addColumn('node_id', 'integer')
      .addColumn('worker', 'text') // the worker instance that holds the lease
      .addColumn('lease_until', 'text')
      .addColumn('pid', 'integer') // the job's child process group, while one runs
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_claim').on('jobs').columns(['state', 'kind', 'id']).execute();
    await db.schema.createIndex('jobs_user_kind').on('jobs').columns(['user_id', 'kind', 'subject_id', 'id']).execute();
    await sql`CREATE UNIQUE INDEX jobs_one_active ON jobs (user_id, kind, subject_id) WHERE state IN ('queued', 'running')`.execute(db);

    await withId(db.schema.createTable('relays'), dialect)
      .addColumn('process_id', 'integer', (c) => c.notNull().unique().references('media_processes.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      // sealed with the data folder's key: a source address may carry a key
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('tipo', 'text', (c) => c.notNull()) // rtmp | m3u8
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('relays_user').on('relays').column('user_id').execute();
  },
});
