import type { Insertable } from 'kysely';
import type { PushNotificationsTable, Tx, WebappBannersTable, WebappsTable } from '../../platform/db.ts';

/** The web app's rows: its settings, banners, the visitors' push subscriptions and the pushes sent. */
export function createWebappRepo() {
  return {
    app: (tx: Tx, userId: number) => tx.selectFrom('webapps').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    /** Creates the account's app or replaces its settings (created_at is kept on update). */
    upsertApp: (tx: Tx, row: Insertable<WebappsTable>) => {
      const { user_id: _, created_at: __, ...changes } = row;
      return tx.insertInto('webapps').values(row).onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
        .returningAll().executeTakeFirstOrThrow();
    },
    /** The latest APK asked from the web app's page. */
    latestApk: (tx: Tx, userId: number) =>
      tx.selectFrom('android_apps').select(['status', 'zip']).where('user_id', '=', userId).where('origem', '=', 'multiplataforma')
        .orderBy('id', 'desc').limit(1).executeTakeFirst(),

    banners: (tx: Tx, userId: number) => tx.selectFrom('webapp_banners').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute(),
    banner: (tx: Tx, userId: number, id: number) =>
      tx.selectFrom('webapp_banners').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),
    insertBanner: (tx: Tx, row: Insertable<WebappBannersTable>) => tx.insertInto('webapp_banners').values(row).returningAll().executeTakeFirstOrThrow(),
    deleteBanner: (tx: Tx, userId: number, id: number) =>
      tx.deleteFrom('webapp_banners').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    subscriptions: (tx: Tx, userId: number) =>
      tx.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).orderBy('id').execute(),
    deleteSubscriptions: (tx: Tx, userId: number, ids: number[]) =>
      ids.length ? tx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'in', ids).execute() : Promise.resolve([]),
    insertNotification: (tx: Tx, row: Insertable<PushNotificationsTable>) =>
      tx.insertInto('push_notifications').values(row).returning('id').executeTakeFirstOrThrow(),
    setNotificationCounts: (tx: Tx, id: number, enviados: number, falhas: number) =>
      tx.updateTable('push_notifications').set({ enviados, falhas }).where('id', '=', id).execute(),
  };
}
export type WebappRepo = ReturnType<typeof createWebappRepo>;
export type WebappRow = NonNullable<Awaited<ReturnType<WebappRepo['app']>>>;
export type BannerRow = NonNullable<Awaited<ReturnType<WebappRepo['banner']>>>;
export type SubscriptionRow = Awaited<ReturnType<WebappRepo['subscriptions']>>[number];
