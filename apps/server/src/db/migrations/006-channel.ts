import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../platform/db.ts';
import { defaultInt, withId } from './helpers.ts';

/**
 * The 24/7 channel: playlists and their entries, commercial breaks, the schedule calendar
 * and the playout (the engine's process that plays a playlist into the account's stream).
 *
 * A deleted video leaves every playlist (its entries go); a folder that feeds commercials
 * cannot be deleted while its configuration exists. `playouts` keeps where the broadcast
 * is (cursor, loop, commercial rotation, the video on air and how far into it), so a
 * restarted worker or machine resumes the channel where it was. `playout_plays` is the
 * playout's own record of what it played or skipped.
 */
export const channel = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('media_processes').addColumn('held', 'integer', defaultInt(0)).execute();

    await withId(db.schema.createTable('playlists'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('playlists_user').on('playlists').column('user_id').execute();

    await withId(db.schema.createTable('playlist_videos'), dialect)
      .addColumn('playlist_id', 'integer', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
      .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
      .addColumn('ordem', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('playlist_videos_order').on('playlist_videos').columns(['playlist_id', 'ordem']).execute();
    await db.schema.createIndex('playlist_videos_video').on('playlist_videos').column('video_id').execute();

    await withId(db.schema.createTable('commercials'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('playlist_id', 'integer', (c) => c.notNull().unique().references('playlists.id').onDelete('cascade'))
      .addColumn('folder_id', 'integer', (c) => c.notNull().references('folders.id'))
      .addColumn('quantidade', 'integer', (c) => c.notNull())
      .addColumn('intervalo', 'integer', (c) => c.notNull())
      .addColumn('ativo', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('commercials_user').on('commercials').column('user_id').execute();
    await db.schema.createIndex('commercials_folder').on('commercials').column('folder_id').execute();

    await withId(db.schema.createTable('bookings'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('playlist_id', 'integer', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
      .addColumn('shuffle', 'integer', (c) => c.notNull())
      .addColumn('frequencia', 'text', (c) => c.notNull()) // diariamente | dias_da_semana | uma_vez
      .addColumn('dias_semana', 'text', (c) => c.notNull()) // "1,2,3" (0 = Sunday)
      .addColumn('ending_playlist_id', 'integer', (c) => c.references('playlists.id').onDelete('set null'))
      // wall-clock start in the account's time zone, yyyy-MM-dd HH:mm:ss
      .addColumn('inicio', 'text', (c) => c.notNull())
      // the occurrence (wall clock) the scheduler last started, when, and how late
      .addColumn('last_occurrence', 'text')
      .addColumn('last_run_at', 'text')
      .addColumn('last_delay_s', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bookings_user').on('bookings').column('user_id').execute();

    await withId(db.schema.createTable('playouts'), dialect)
      .addColumn('process_id', 'integer', (c) => c.notNull().unique().references('media_processes.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('playlist_id', 'integer', (c) => c.references('playlists.id').onDelete('set null'))
      .addColumn('ending_playlist_id', 'integer', (c) => c.references('playlists.id').onDelete('set null'))
      .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').onDelete('set null'))
      .addColumn('shuffle', 'integer', (c) => c.notNull())
      .addColumn('loop', 'integer', (c) => c.notNull())
      // where the broadcast is: the state before the video on air (JSON), that video, and how far into it
      .addColumn('cursor', 'text', (c) => c.notNull())
      .addColumn('current_video_id', 'integer')
      .addColumn('current_name', 'text')
      .addColumn('current_commercial', 'integer', defaultInt(0))
      .addColumn('current_started_at', 'text')
      .addColumn('current_offset', 'real', (c) => c.notNull().defaultTo(0))
      .addColumn('played', 'integer', defaultInt(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('playouts_user').on('playouts').column('user_id').execute();

    await withId(db.schema.createTable('playout_plays'), dialect)
      .addColumn('process_id', 'integer', (c) => c.notNull().references('media_processes.id').onDelete('cascade'))
      .addColumn('video_id', 'integer')
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('comercial', 'integer', (c) => c.notNull())
      // null when it played; the reason when it was skipped
      .addColumn('skipped', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('playout_plays_process').on('playout_plays').columns(['process_id', 'id']).execute();
  },
});
