import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../platform/db.ts';
import { defaultInt, withId } from './helpers.ts';

export const initial = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('accounts'), dialect)
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('usuario', 'text', (c) => c.notNull().unique())
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('tipo', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('token_version', 'integer', defaultInt(0))
      .addColumn('ftp_password', 'text', (c) => c.notNull())
      .addColumn('bitrate', 'integer', (c) => c.notNull())
      .addColumn('espectadores', 'integer', (c) => c.notNull())
      .addColumn('espaco', 'integer', (c) => c.notNull())
      .addColumn('revenda_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
      .addColumn('codigo_servidor', 'integer')
      .addColumn('codigo_cliente', 'integer')
      .addColumn('disabled', 'integer', defaultInt(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('user_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('menu_items', 'text', (c) => c.notNull())
      .addColumn('sidebar_collapsed', 'integer', (c) => c.notNull())
      .addColumn('notifications_enabled', 'integer', (c) => c.notNull())
      .addColumn('auto_refresh', 'integer', (c) => c.notNull())
      .addColumn('refresh_interval', 'integer', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('timezone', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('auth_failures'), dialect)
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_failures_key_at').on('auth_failures').columns(['key', 'at']).execute();
  },
});
