import type { Selectable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { MediaServicesTable } from './media.table.ts';

export type MediaServiceRow = Selectable<MediaServicesTable>;

/** Observed state of the processes a media node's worker supervises (nginx now; ffmpeg children later). */
export function createMediaRepo() {
  return {
    get: (tx: Tx, nodeId: number, name: string) =>
      tx.selectFrom('media_services').selectAll().where('node_id', '=', nodeId).where('name', '=', name).executeTakeFirst(),
    upsert: (tx: Tx, row: Omit<MediaServiceRow, 'restarts'> & { restarts: number }) =>
      tx
        .insertInto('media_services')
        .values(row)
        .onConflict((oc) => oc.columns(['node_id', 'name']).doUpdateSet({ ...row }))
        .execute(),
    /** Every node's supervised services with their restarts (metrics). */
    restarts: (tx: Tx) => tx.selectFrom('media_services').select(['node_id', 'name', 'restarts']).execute(),
    heartbeat: (tx: Tx, nodeId: number, name: string, at: string) =>
      tx.updateTable('media_services').set({ heartbeat_at: at }).where('node_id', '=', nodeId).where('name', '=', name).execute(),
  };
}
export type MediaRepo = ReturnType<typeof createMediaRepo>;
