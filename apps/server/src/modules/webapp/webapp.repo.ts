import type { Insertable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { PushNotificationsTable, WebappBannersTable, WebappsTable } from './webapp.table.ts';

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
      tx.selectFrom('android_apps').select(['state', 'zip']).where('user_id', '=', userId).where('origem', '=', 'multiplataforma')
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

/** What the published apps read and count for their visitors: banners, push subscriptions, the Android app's page. */
export function createPublishedRepo() {
  return {
    tvConfig: (tx: Tx, userId: number) => tx.selectFrom('android_configs').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    bannerIds: (tx: Tx, userId: number) => tx.selectFrom('webapp_banners').select('id').where('user_id', '=', userId).execute(),
    countView: (tx: Tx, userId: number, id: number) =>
      tx.updateTable('webapp_banners').set((eb) => ({ exibicoes: eb('exibicoes', '+', 1) })).where('user_id', '=', userId).where('id', '=', id)
        .returning(['id', 'imagem', 'link']).executeTakeFirst(),
    countClick: (tx: Tx, userId: number, id: number) =>
      tx.updateTable('webapp_banners').set((eb) => ({ cliques: eb('cliques', '+', 1) })).where('user_id', '=', userId).where('id', '=', id).execute(),
    /** Whether a banner or a notification of the account names this file. */
    namesFile: async (tx: Tx, userId: number, name: string) =>
      !!(await tx.selectFrom('webapp_banners').select('id').where('user_id', '=', userId).where('imagem', '=', name).executeTakeFirst())
      || !!(await tx.selectFrom('push_notifications').select('id').where('user_id', '=', userId)
        .where((eb) => eb.or([eb('icone', '=', name), eb('imagem', '=', name)])).executeTakeFirst()),
    /** New keys for a subscription the channel already has; false when it has none for this endpoint. */
    renew: async (tx: Tx, userId: number, endpoint: string, keys: { p256dh: string; auth: string }) => {
      const [r] = await tx.updateTable('push_subscriptions').set(keys).where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
      return !!r && r.numUpdatedRows > 0n;
    },
    /** One address's subscriptions on a channel, oldest first. */
    ofAddress: (tx: Tx, userId: number, ipHash: string) =>
      tx.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).where('ip_hash', '=', ipHash).orderBy('id').execute(),
    count: async (tx: Tx, userId: number) =>
      Number((await tx.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n),
    remove: (tx: Tx, userId: number, ids: number[]) =>
      tx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('id', 'in', ids).execute(),
    subscribe: (tx: Tx, row: { user_id: number; endpoint: string; p256dh: string; auth: string; ip_hash: string; created_at: string }) =>
      tx.insertInto('push_subscriptions').values(row)
        .onConflict((oc) => oc.columns(['user_id', 'endpoint']).doUpdateSet({ p256dh: row.p256dh, auth: row.auth })).execute(),
    unsubscribe: (tx: Tx, userId: number, endpoint: string) =>
      tx.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute(),
  };
}

/** A channel's chat messages. */
export function createChatRepo() {
  return {
    latest: (tx: Tx, userId: number, after: number, limit: number) =>
      tx.selectFrom('chat_messages').select(['id', 'nome', 'mensagem', 'created_at']).where('user_id', '=', userId).where('id', '>', after)
        .orderBy('id', 'desc').limit(limit).execute(),
    lastOfAddress: (tx: Tx, userId: number, ipHash: string) =>
      tx.selectFrom('chat_messages').select('created_at').where('user_id', '=', userId).where('ip_hash', '=', ipHash)
        .orderBy('id', 'desc').limit(1).executeTakeFirst(),
    insert: (tx: Tx, row: { user_id: number; nome: string; mensagem: string; ip_hash: string; created_at: string }) =>
      tx.insertInto('chat_messages').values(row).returning('id').executeTakeFirstOrThrow(),
    /** Deletes all but the newest `keep` messages of the channel. */
    prune: (tx: Tx, userId: number, keep: number) =>
      tx.deleteFrom('chat_messages').where('user_id', '=', userId)
        .where('id', '<', (eb) => eb.selectFrom('chat_messages').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(1).offset(keep - 1))
        .execute(),
  };
}
