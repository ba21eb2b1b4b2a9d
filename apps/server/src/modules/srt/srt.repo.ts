import type { Tx } from '../../platform/db.ts';

/** The SRT rows: an account's port and switch, and what a node's worker listens for. */
export function createSrtRepo() {
  return {
    ofUser: (tx: Tx, userId: number) =>
      tx.selectFrom('srt_ingest').select(['port', 'ativo']).where('user_id', '=', userId).executeTakeFirst(),
    /** Ports taken in [min, max], ascending. */
    portsIn: async (tx: Tx, min: number, max: number) =>
      (await tx.selectFrom('srt_ingest').select('port').where('port', '>=', min).where('port', '<=', max).orderBy('port').execute()).map((r) => r.port),
    insert: (tx: Tx, userId: number, port: number, at: string) =>
      tx.insertInto('srt_ingest').values({ user_id: userId, port, ativo: 1, updated_at: at }).execute(),
    set: (tx: Tx, userId: number, patch: { ativo?: number; port?: number }, at: string) =>
      tx.updateTable('srt_ingest').set({ ...patch, updated_at: at }).where('user_id', '=', userId).execute(),
    /** The listeners a node runs: accounts of the node with SRT on, active, with a stream secret. */
    listenersOf: (tx: Tx, nodeId: number, min: number, max: number) =>
      tx.selectFrom('srt_ingest as s').innerJoin('accounts as a', 'a.id', 's.user_id')
        .select(['s.user_id', 's.port', 'a.usuario', 'a.stream_secret', 'a.tipo', 'a.codigo_cliente'])
        .where('s.ativo', '=', 1).where('a.suspension', '=', 'active').where('a.stream_secret', 'is not', null)
        .where('s.port', '>=', min).where('s.port', '<=', max)
        .where((eb) => eb.or([eb('a.codigo_servidor', '=', nodeId), eb('a.codigo_servidor', 'is', null)]))
        .orderBy('s.user_id').execute(),
  };
}
export type SrtRepo = ReturnType<typeof createSrtRepo>;
