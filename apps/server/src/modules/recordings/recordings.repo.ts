import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { RecordingsTable } from './recordings.table.ts';

export type RecordingRow = Selectable<RecordingsTable>;

/** Recordings, the account's setting and each broadcast's choice (recordings.table.ts). */
export function createRecordingsRepo() {
  return {
    /** The ids of every recording of the account (each being written has its folder of parts). */
    idsOfUser: async (tx: Tx, userId: number) =>
      (await tx.selectFrom('recordings').select('id').where('user_id', '=', userId).execute()).map((r) => r.id),
    ativo: async (tx: Tx, userId: number): Promise<boolean> =>
      ((await tx.selectFrom('recording_settings').select('ativo').where('user_id', '=', userId).executeTakeFirst())?.ativo ?? 0) === 1,
    async setAtivo(tx: Tx, userId: number, ativo: boolean, at: string): Promise<void> {
      await tx.insertInto('recording_settings').values({ user_id: userId, ativo: ativo ? 1 : 0, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ativo: ativo ? 1 : 0, updated_at: at })).execute();
    },
    async setChoice(tx: Tx, userId: number, transmissionId: number, gravar: boolean): Promise<void> {
      await tx.insertInto('recording_choices').values({ transmission_id: transmissionId, user_id: userId, gravar: gravar ? 1 : 0 })
        .onConflict((oc) => oc.column('transmission_id').doUpdateSet({ gravar: gravar ? 1 : 0 })).execute();
    },
    choice: async (tx: Tx, userId: number, transmissionId: number): Promise<boolean | null> => {
      const r = await tx.selectFrom('recording_choices').select('gravar').where('transmission_id', '=', transmissionId).where('user_id', '=', userId).executeTakeFirst();
      return r ? r.gravar === 1 : null;
    },
    /** The account's recordings not yet in the library or failed. */
    unfinished: (tx: Tx, userId: number) =>
      tx.selectFrom('recordings').selectAll().where('user_id', '=', userId).where('state', 'in', ['recording', 'paused', 'finishing']).orderBy('id').execute(),
    list: (tx: Tx, userId: number, limit: number) =>
      tx.selectFrom('recordings').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute(),
    /** A recorder of the account's running broadcast is on air now. */
    recordingNow: async (tx: Tx, userId: number): Promise<boolean> =>
      !!(await tx.selectFrom('recordings as r').innerJoin('media_processes as p', 'p.id', 'r.process_id').select('r.id')
        .where('r.user_id', '=', userId).where('r.state', '=', 'recording').where('p.desired', '=', 'running').where('p.state', '=', 'live')
        .executeTakeFirst()),
    /** The recording a recorder row writes, with the start of the broadcast it records now. */
    /** The account's OBS broadcast with OBS itself publishing now (not its standby signal). */
    obsOnAir: (tx: Tx, userId: number) =>
      tx.selectFrom('transmissions').select(['id', 'node_id', 'stream_name', 'titulo']).where('user_id', '=', userId)
        .where('tipo', '=', 'obs').where('status', '=', 'live').where('client_id', 'is not', null).orderBy('id', 'desc').executeTakeFirst(),
    byProcess: (tx: Tx, processId: number) =>
      tx.selectFrom('recordings as r').leftJoin('transmissions as t', 't.id', 'r.transmission_id')
        .selectAll('r').select('t.started_at as broadcast_started_at').where('r.process_id', '=', processId).executeTakeFirst(),
    /** What a worker looks after: its node's recordings not finished, with their recorder's row and their broadcast's state. */
    ofNode: (tx: Tx, nodeId: number) =>
      tx.selectFrom('recordings as r').leftJoin('media_processes as p', 'p.id', 'r.process_id')
        .leftJoin('transmissions as t', 't.id', 'r.transmission_id')
        .selectAll('r').select(['p.desired as process_desired', 'p.state as process_state', 'p.error_code as process_error_code', 'p.pid as process_pid'])
        .select(['t.status as transmission_status', 't.ended_at as transmission_ended_at'])
        .where('r.node_id', '=', nodeId).where('r.state', 'in', ['recording', 'paused', 'finishing']).orderBy('r.id').execute(),
    insert: (tx: Tx, row: Insertable<RecordingsTable>) =>
      tx.insertInto('recordings').values(row).returningAll().executeTakeFirstOrThrow(),
    update: (tx: Tx, id: number, patch: Updateable<RecordingsTable>) =>
      tx.updateTable('recordings').set(patch).where('id', '=', id).execute(),
    /** Moves a recording from one state to another; false when another pass (or worker) did it first. */
    async move(tx: Tx, id: number, from: RecordingRow['state'], patch: Updateable<RecordingsTable>): Promise<boolean> {
      const r = await tx.updateTable('recordings').set(patch).where('id', '=', id).where('state', '=', from).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** The account's time zone, for the recording's name (the settings module's row; São Paulo when unset). */
    timeZone: async (tx: Tx, userId: number): Promise<string> =>
      (await tx.selectFrom('user_settings').select('timezone').where('user_id', '=', userId).executeTakeFirst())?.timezone ?? 'America/Sao_Paulo',
  };
}
export type RecordingsRepo = ReturnType<typeof createRecordingsRepo>;
