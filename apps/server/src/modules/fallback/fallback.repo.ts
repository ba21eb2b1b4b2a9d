import type { Insertable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { FallbackSettingsTable } from './fallback.table.ts';

/** The account's standby signal choice and the standby armed for its OBS broadcast. */
export function createFallbackRepo() {
  return {
    /** The choice, with its playlist's name (null once the playlist is gone). */
    ofUser: (tx: Tx, userId: number) =>
      tx.selectFrom('fallback_settings as f').leftJoin('playlists as pl', 'pl.id', 'f.codigo_playlist')
        .select(['f.user_id', 'f.tipo', 'f.codigo_playlist', 'f.texto', 'f.process_id', 'pl.nome as playlist_nome'])
        .where('f.user_id', '=', userId).executeTakeFirst(),
    save: (tx: Tx, row: Insertable<FallbackSettingsTable>) =>
      tx.insertInto('fallback_settings').values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ tipo: row.tipo, codigo_playlist: row.codigo_playlist, texto: row.texto, updated_at: row.updated_at }))
        .execute(),
    setProcess: (tx: Tx, userId: number, processId: number | null) =>
      tx.updateTable('fallback_settings').set({ process_id: processId }).where('user_id', '=', userId).execute(),
    /** The standby armed (its engine row still wanted), with whether it waits behind OBS and its broadcast's state. */
    armed: (tx: Tx, userId: number) =>
      tx.selectFrom('fallback_settings as f').innerJoin('media_processes as p', 'p.id', 'f.process_id')
        .leftJoin('transmissions as t', 't.id', 'p.transmission_id')
        .select(['p.id', 'p.kind', 'p.held', 'p.transmission_id', 't.status as transmission_status'])
        .where('f.user_id', '=', userId).where('p.desired', '=', 'running').executeTakeFirst(),
  };
}
export type FallbackRepo = ReturnType<typeof createFallbackRepo>;
