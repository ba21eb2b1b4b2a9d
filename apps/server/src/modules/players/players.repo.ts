import type { Insertable, Selectable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { LogosTable, PlayerSettingsTable } from './players.table.ts';

export type LogoRow = Selectable<LogosTable>;

export function createPlayersRepo() {
  return {
    settings: (tx: Tx, userId: number) =>
      tx.selectFrom('player_settings').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    saveSettings: (tx: Tx, row: Insertable<PlayerSettingsTable>) =>
      tx.insertInto('player_settings').values(row).onConflict((oc) => oc.column('user_id').doUpdateSet({ ...row })).execute(),
    logos: (tx: Tx, userId: number) =>
      tx.selectFrom('logos').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute(),
    logo: (tx: Tx, userId: number, id: number) =>
      tx.selectFrom('logos').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),
    logoByFile: (tx: Tx, arquivo: string) => tx.selectFrom('logos').select(['id', 'mime', 'user_id']).where('arquivo', '=', arquivo).executeTakeFirst(),
    insertLogo: (tx: Tx, row: Insertable<LogosTable>) => tx.insertInto('logos').values(row).returningAll().executeTakeFirstOrThrow(),
    deleteLogo: (tx: Tx, userId: number, id: number) =>
      tx.deleteFrom('logos').where('user_id', '=', userId).where('id', '=', id).execute(),
    /** The watermark falls back to "no logo" when its logo goes (the FK does the same on PostgreSQL). */
    clearLogo: (tx: Tx, userId: number, id: number) =>
      tx.updateTable('player_settings').set({ logo_id: null, watermark_enabled: 0 }).where('user_id', '=', userId).where('logo_id', '=', id).execute(),
  };
}
export type PlayersRepo = ReturnType<typeof createPlayersRepo>;
