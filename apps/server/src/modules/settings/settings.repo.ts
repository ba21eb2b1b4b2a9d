import type { Insertable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { UserSettingsTable } from './settings.table.ts';

export function createSettingsRepo() {
  return {
    get: (tx: Tx, userId: number) => tx.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    upsert: (tx: Tx, row: Insertable<UserSettingsTable>) =>
      tx
        .insertInto('user_settings')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...row }))
        .execute(),
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
