import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../platform/db.ts';
import { defaultInt, withId } from './helpers.ts';

/**
 * Recordings of broadcasts into the library ('Gravar transmissões').
 *
 * `recording_settings`: the account's choice (off when there is no row).
 * `recording_choices`: the choice made for one broadcast on `POST /api/streaming/start`
 * (`enable_recording`), which wins over the account's for that broadcast.
 * `recordings`: one recording, made of the parts its recorder wrote (a drop and a resume within
 * the gap, a recorder restarted) in `DATA_DIR/storage/.recordings/<id>/`. `state`: 'recording'
 * (a recorder runs or is about to), 'paused' (the broadcast dropped; a resume before `resume_until`
 * continues it), 'finishing' (being joined into one MP4), 'done' (in the library as `video_id`),
 * 'failed' (nothing playable was written, or the library refused it: `error`). `stop_reason`
 * says why it stopped early ('quota', 'disk_full'). `process_id` is the engine row of its recorder.
 */
export const recordings = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('recording_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('ativo', 'integer', defaultInt(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createTable('recording_choices')
      .addColumn('transmission_id', 'integer', (c) => c.primaryKey().references('transmissions.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('gravar', 'integer', (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('recordings'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('node_id', 'integer', (c) => c.notNull())
      .addColumn('transmission_id', 'integer')
      .addColumn('process_id', 'integer')
      /** The channel it records ({login}_live): the recorder reads it, the library of that login takes the result. */
      .addColumn('stream_name', 'text', (c) => c.notNull())
      .addColumn('titulo', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('stop_reason', 'text')
      .addColumn('error', 'text')
      .addColumn('resume_until', 'text')
      .addColumn('bytes', 'bigint', defaultInt(0))
      .addColumn('video_id', 'integer')
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('ended_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recordings_user_state').on('recordings').columns(['user_id', 'state']).execute();
    await db.schema.createIndex('recordings_node_state').on('recordings').columns(['node_id', 'state']).execute();
  },
});
