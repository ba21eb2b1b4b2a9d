import type { Insertable, Selectable } from 'kysely';
import { nowIso, type Tx } from '../../platform/db.ts';
import type { AndroidAppsTable, AndroidConfigsTable } from './android.table.ts';

export type AndroidConfigRow = Selectable<AndroidConfigsTable>;
export type AndroidAppRow = Selectable<AndroidAppsTable>;
/** The configuration's columns a request may set (the account and the times are the repo's). */
export type AndroidConfigValues = Omit<Insertable<AndroidConfigsTable>, 'user_id' | 'created_at' | 'updated_at'>;

/** SQL of the Android app: one configuration per account, and every APK built. */
export function createAndroidRepo() {
  return {
    config: (db: Tx, userId: number) => db.selectFrom('android_configs').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** The configuration as it is inside a transaction that is about to replace it (locked on PostgreSQL). */
    configForUpdate: (tx: Tx, userId: number, postgres: boolean) => {
      const q = tx.selectFrom('android_configs').selectAll().where('user_id', '=', userId);
      return (postgres ? q.forUpdate() : q).executeTakeFirst();
    },

    async saveConfig(tx: Tx, userId: number, values: AndroidConfigValues): Promise<void> {
      const at = nowIso();
      await tx.insertInto('android_configs').values({ ...values, user_id: userId, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: at }))
        .execute();
    },

    async updateConfig(tx: Tx, userId: number, patch: Partial<AndroidConfigValues>): Promise<boolean> {
      const r = await tx.updateTable('android_configs').set({ ...patch, updated_at: nowIso() }).where('user_id', '=', userId).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    apps: (db: Tx, userId: number) => db.selectFrom('android_apps').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute(),

    app: (db: Tx, userId: number, id: number) =>
      db.selectFrom('android_apps').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    appById: (db: Tx, id: number) => db.selectFrom('android_apps').selectAll().where('id', '=', id).executeTakeFirst(),

    appByZip: (db: Tx, zip: string) => db.selectFrom('android_apps').selectAll().where('zip', '=', zip).where('state', '=', 'done').executeTakeFirst(),

    building: (db: Tx, userId: number) =>
      db.selectFrom('android_apps').selectAll().where('user_id', '=', userId).where('state', '=', 'building').execute(),

    insertApp: (tx: Tx, a: { userId: number; origem: AndroidAppRow['origem']; nome: string; versao: string }) => {
      const at = nowIso();
      return tx.insertInto('android_apps')
        .values({ user_id: a.userId, origem: a.origem, nome: a.nome, versao: a.versao, state: 'building', aviso: '', zip: null, created_at: at, updated_at: at })
        .returningAll().executeTakeFirstOrThrow();
    },

    /** Ends a build; false when the row is gone or no longer building (its result is then discarded). */
    async finish(db: Tx, id: number, end: { state: 'done'; zip: string } | { state: 'error'; aviso: string }): Promise<boolean> {
      const r = await db.updateTable('android_apps')
        .set({ state: end.state, zip: end.state === 'done' ? end.zip : null, aviso: end.state === 'error' ? end.aviso : '', updated_at: nowIso() })
        .where('id', '=', id).where('state', '=', 'building').executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    deleteApp: async (db: Tx, userId: number, id: number): Promise<boolean> =>
      Number((await db.deleteFrom('android_apps').where('user_id', '=', userId).where('id', '=', id).where('state', '!=', 'building').executeTakeFirst()).numDeletedRows) > 0,

    /**
     * What the multi-platform app's 'Criar APK Android' needs of the account's web app: its name,
     * image files and colours. Read here rather than through that module's service because the
     * build only needs these few columns, read-only.
     */
    webapp: (db: Tx, userId: number) =>
      db.selectFrom('webapps').select(['nome', 'logo', 'background', 'cor_splash', 'cor_menu_escuro']).where('user_id', '=', userId).executeTakeFirst(),
  };
}
export type AndroidRepo = ReturnType<typeof createAndroidRepo>;
