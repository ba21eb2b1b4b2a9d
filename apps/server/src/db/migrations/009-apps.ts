import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../../platform/db.ts';
import { defaultInt, withId } from './helpers.ts';

/**
 * The channel's apps.
 *
 * `webapps`: one installable web app per account (its published page, manifest, icons and
 * service worker are made from this row and the files it names, kept under the account's
 * app folder). `webapp_banners` rotate inside it and count views and clicks;
 * `push_subscriptions` are the visitors who accepted notifications (the browser's push
 * endpoint and keys); `push_notifications` is what the owner sent; `chat_messages` are the
 * app's chat, per channel.
 *
 * `android_configs`: one Android configuration per account; `android_apps`: every APK built
 * (from the Android page or from the web app's 'Criar APK Android'), status 0 building,
 * 1 done (zip names the file), 2 error (aviso says why). The build itself is a job of the
 * jobs queue (kind apk, subject the android_apps row).
 */
export const apps = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webapps')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('whatsapp', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('url_facebook', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('url_instagram', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('url_twitter', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('url_site', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('url_youtube', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('cor_texto', 'text', (c) => c.notNull().defaultTo('#000000'))
      .addColumn('cor_menu_claro', 'text', (c) => c.notNull().defaultTo('#FFFFFF'))
      .addColumn('cor_menu_escuro', 'text', (c) => c.notNull().defaultTo('#000000'))
      .addColumn('cor_splash', 'text', (c) => c.notNull().defaultTo('#0066FF'))
      .addColumn('logo', 'text') // file name under the account's app folder
      .addColumn('background', 'text')
      .addColumn('text_prog', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('text_hist', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('modelo', 'integer', defaultInt(1))
      .addColumn('chat', 'integer', defaultInt(0))
      .addColumn('contador', 'integer', defaultInt(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('webapp_banners'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('imagem', 'text', (c) => c.notNull()) // file name under the account's app folder
      .addColumn('exibicoes', 'integer', defaultInt(0))
      .addColumn('cliques', 'integer', defaultInt(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webapp_banners_user').on('webapp_banners').columns(['user_id', 'id']).execute();

    await withId(db.schema.createTable('push_subscriptions'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('push_subscriptions_endpoint').unique().on('push_subscriptions').columns(['user_id', 'endpoint']).execute();

    await withId(db.schema.createTable('push_notifications'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('titulo', 'text', (c) => c.notNull())
      .addColumn('icone', 'text', (c) => c.notNull()) // file name under the account's app folder
      .addColumn('imagem', 'text')
      .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('mensagem', 'text', (c) => c.notNull())
      .addColumn('enviados', 'integer', defaultInt(0))
      .addColumn('falhas', 'integer', defaultInt(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('push_notifications_user').on('push_notifications').columns(['user_id', 'id']).execute();

    await withId(db.schema.createTable('chat_messages'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('mensagem', 'text', (c) => c.notNull())
      .addColumn('ip_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('chat_messages_user').on('chat_messages').columns(['user_id', 'id']).execute();

    await db.schema
      .createTable('android_configs')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('webtv_nome', 'text', (c) => c.notNull())
      .addColumn('webtv_facebook', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('webtv_twitter', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('webtv_site', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('webtv_descricao', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('versao', 'text', (c) => c.notNull().defaultTo('1.0'))
      .addColumn('tema', 'text', (c) => c.notNull().defaultTo('#0099CC|#003399'))
      .addColumn('app_email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('app_whatsapp', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('app_url_facebook', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('app_url_instagram', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('app_url_twitter', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('app_url_site', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('app_cor_texto', 'text', (c) => c.notNull().defaultTo('#000000'))
      .addColumn('app_cor_menu_claro', 'text', (c) => c.notNull().defaultTo('#FFFFFF'))
      .addColumn('app_cor_menu_escuro', 'text', (c) => c.notNull().defaultTo('#000000'))
      .addColumn('app_tela_inicial', 'integer', defaultInt(1))
      .addColumn('chat', 'integer', defaultInt(0))
      .addColumn('logo', 'text', (c) => c.notNull()) // file names under the account's app folder
      .addColumn('icone', 'text', (c) => c.notNull())
      .addColumn('fundo', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('android_apps'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('origem', 'text', (c) => c.notNull()) // android | multiplataforma
      .addColumn('nome', 'text', (c) => c.notNull())
      .addColumn('versao', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', defaultInt(0)) // 0 building, 1 done, 2 error
      .addColumn('aviso', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('zip', 'text') // the APK's file name, when done
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('android_apps_user').on('android_apps').columns(['user_id', 'id']).execute();
    await sql`CREATE UNIQUE INDEX android_apps_zip ON android_apps (zip) WHERE zip IS NOT NULL`.execute(db);
  },
});
