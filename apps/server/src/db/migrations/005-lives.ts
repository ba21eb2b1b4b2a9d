import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../platform/db.ts';
import { defaultInt, withId } from './helpers.ts';

/**
 * The media engine and the first thing it runs, restreams ("lives").
 *
 * `media_processes` holds every long-running media child a worker keeps: its *desired*
 * state (desired, start_at, end_at, node_id), written by the API, and its *observed* state
 * (state, error, pid, restarts), written only by the worker of that node. The screens read
 * the observed state. `lives` holds what the customer registered: the platform, its server,
 * the stream key (sealed, like the FTP password) and the source.
 */
export const lives = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('media_processes'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('node_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull()) // restream
      .addColumn('desired', 'text', (c) => c.notNull()) // running | stopped
      .addColumn('start_at', 'text', (c) => c.notNull())
      .addColumn('end_at', 'text')
      // runs only while this broadcast is open (a platform connected from "start"); null for lives
      .addColumn('transmission_id', 'integer', (c) => c.references('transmissions.id').onDelete('set null'))
      // scheduled | starting | live | reconnecting | error | finished
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('pid', 'integer') // the process group of the running child
      .addColumn('restarts', 'integer', defaultInt(0))
      .addColumn('state_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('ended_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('media_processes_node_desired').on('media_processes').columns(['node_id', 'desired']).execute();
    await db.schema.createIndex('media_processes_user').on('media_processes').column('user_id').execute();

    await withId(db.schema.createTable('lives'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('process_id', 'integer', (c) => c.notNull().unique().references('media_processes.id').onDelete('cascade'))
      .addColumn('tipo', 'text', (c) => c.notNull()) // platform id
      .addColumn('servidor_rtmp', 'text', (c) => c.notNull())
      .addColumn('chave', 'text', (c) => c.notNull()) // sealed
      .addColumn('servidor_stm', 'text', (c) => c.notNull())
      // set when the live is a platform connected with a broadcast ("start" with platform_ids)
      .addColumn('transmission_id', 'integer', (c) => c.references('transmissions.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('lives_user').on('lives').column('user_id').execute();
  },
});
