import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../platform/db.ts';
import { defaultInt, withId } from './helpers.ts';

/**
 * The video library: folders (directories under data/storage/{login}/) and the videos in
 * them, plus the byte reservations that keep parallel uploads inside the plan's storage.
 * Compatibility is not stored: it is derived from the probed facts and the plan's
 * current bitrate each time it is read, so a plan change shows at once.
 */
export const library = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('folders'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('folders_user_nome', ['user_id', 'nome'])
      .execute();

    await withId(db.schema.createTable('videos'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('folder_id', 'integer', (c) => c.notNull().references('folders.id').onDelete('cascade'))
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('arquivo', 'text', (c) => c.notNull())
      .addColumn('tamanho', 'bigint', (c) => c.notNull())
      .addColumn('duracao', 'integer', (c) => c.notNull())
      .addColumn('formato_original', 'text', (c) => c.notNull())
      .addColumn('is_mp4', 'integer', (c) => c.notNull())
      .addColumn('codec_video', 'text', (c) => c.notNull())
      .addColumn('codec_audio', 'text')
      .addColumn('pix_fmt', 'text')
      .addColumn('largura', 'integer', (c) => c.notNull())
      .addColumn('altura', 'integer', (c) => c.notNull())
      .addColumn('bitrate_video', 'integer', (c) => c.notNull())
      // set by the conversion feature on files it produced (shown as 'otimizado')
      .addColumn('otimizado', 'integer', defaultInt(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('videos_folder_arquivo', ['folder_id', 'arquivo'])
      .addUniqueConstraint('videos_folder_nome', ['folder_id', 'nome'])
      .execute();
    await db.schema.createIndex('videos_user').on('videos').column('user_id').execute();

    await withId(db.schema.createTable('upload_reservations'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('bytes', 'bigint', (c) => c.notNull())
      // ms since the epoch; a reservation not renewed for a while belongs to a dead upload
      .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(sql.lit(0)))
      .execute();
    await db.schema.createIndex('upload_reservations_user').on('upload_reservations').column('user_id').execute();
  },
});
