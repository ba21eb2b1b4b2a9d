import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../platform/db.ts';
import { defaultInt, withId } from './helpers.ts';

/** A stream secret: what OBS carries in the stream key (`{login}_live?key=SECRET`). */
export const newStreamSecret = (): string => randomBytes(12).toString('hex');

/**
 * Live streaming core: the stream secret of each account, transmissions (desired and
 * observed state of every broadcast), viewer sessions from player heartbeats, player
 * settings and logos for the watermark, the media services a worker supervises, and the
 * account events the dashboard lists.
 */
export const live = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('accounts').addColumn('stream_secret', 'text').execute();
    // accounts that existed before get theirs now; later ones get one lazily on first use
    const rows = (await db.selectFrom('accounts' as never).select('id' as never).execute()) as { id: number }[];
    for (const r of rows) {
      await db
        .updateTable('accounts' as never)
        .set({ stream_secret: newStreamSecret() } as never)
        .where('id' as never, '=', r.id as never)
        .execute();
    }

    await withId(db.schema.createTable('transmissions'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('node_id', 'integer', (c) => c.notNull())
      .addColumn('tipo', 'text', (c) => c.notNull()) // obs | playlist
      .addColumn('titulo', 'text', (c) => c.notNull())
      .addColumn('codigo_playlist', 'integer')
      .addColumn('stream_name', 'text', (c) => c.notNull())
      // waiting (title set before OBS connects) | live | ended
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('platform_ids', 'text', (c) => c.notNull()) // JSON array
      .addColumn('client_id', 'text') // nginx-rtmp client id of the publisher
      .addColumn('publish_addr', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('ended_at', 'text')
      .addColumn('end_reason', 'text')
      .addColumn('peak_bitrate', 'integer', defaultInt(0))
      .addColumn('peak_viewers', 'integer', defaultInt(0))
      .execute();
    await db.schema.createIndex('transmissions_user_status').on('transmissions').columns(['user_id', 'status']).execute();
    await db.schema.createIndex('transmissions_stream_status').on('transmissions').columns(['stream_name', 'status']).execute();

    await withId(db.schema.createTable('viewer_sessions'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('session_key', 'text', (c) => c.notNull().unique())
      .addColumn('source', 'text', (c) => c.notNull()) // stream name, or vod:path
      .addColumn('ip_hash', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('ended_at', 'text')
      .execute();
    await db.schema.createIndex('viewer_sessions_user_seen').on('viewer_sessions').columns(['user_id', 'last_seen_at']).execute();

    await withId(db.schema.createTable('logos'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('arquivo', 'text', (c) => c.notNull().unique()) // generated file name under data/logos
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('tamanho', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('logos_user').on('logos').column('user_id').execute();

    await db.schema
      .createTable('player_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('player_type', 'text', (c) => c.notNull())
      .addColumn('watermark_enabled', 'integer', (c) => c.notNull())
      .addColumn('logo_id', 'integer', (c) => c.references('logos.id').onDelete('set null'))
      .addColumn('watermark_position', 'text', (c) => c.notNull())
      .addColumn('watermark_opacity', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('media_services')
      .addColumn('node_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('pid', 'integer')
      .addColumn('restarts', 'integer', defaultInt(0))
      .addColumn('last_error', 'text')
      .addColumn('control_url', 'text')
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('media_services_pk', ['node_id', 'name'])
      .execute();

    await withId(db.schema.createTable('account_events'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('detalhe', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('account_events_user_at').on('account_events').columns(['user_id', 'created_at']).execute();
  },
});
