import type { Expression, ExpressionBuilder, Insertable, SqlBool } from 'kysely';
import type { Database, Tx } from '../../platform/db.ts';
import type { ServerAddresses } from '../streaming/urls.ts';
import type { ServerRow, ServersTable } from './servers.table.ts';

export type ServerLoadRow = Pick<ServerRow, 'cpu_cores' | 'cpu_permille' | 'live_channels' | 'media_processes' | 'viewers' | 'disk_free_mb' | 'disk_total_mb'>;

export function createServersRepo() {
  return {
    /** A server's row as its worker starts: its addresses now and a fresh heartbeat; the operator's edge address is kept. */
    async register(tx: Tx, id: number, addresses: ServerAddresses, load: ServerLoadRow, at: string): Promise<void> {
      const row: Insertable<ServersTable> = { codigo_servidor: id, ...addresses, ...load, started_at: at, heartbeat_at: at };
      await tx.insertInto('servers').values(row)
        .onConflict((oc) => oc.column('codigo_servidor').doUpdateSet({ ...addresses, ...load, started_at: at, heartbeat_at: at })).execute();
    },
    /** The heartbeat with the load; false when the row is gone (it is registered again). */
    async heartbeat(tx: Tx, id: number, load: ServerLoadRow, at: string): Promise<boolean> {
      const r = await tx.updateTable('servers').set({ ...load, heartbeat_at: at }).where('codigo_servidor', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    list: (tx: Tx): Promise<ServerRow[]> => tx.selectFrom('servers').selectAll().orderBy('codigo_servidor').execute(),
    byId: (tx: Tx, id: number): Promise<ServerRow | undefined> => tx.selectFrom('servers').selectAll().where('codigo_servidor', '=', id).executeTakeFirst(),
    async setEdge(tx: Tx, id: number, edge: string | null): Promise<boolean> {
      const r = await tx.updateTable('servers').set({ edge_url: edge }).where('codigo_servidor', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** What a node runs now, from the rows of its node and of its accounts. */
    async counts(tx: Tx, id: number): Promise<{ live: number; processes: number; viewers: number }> {
      const [live, processes, viewers] = await Promise.all([
        tx.selectFrom('transmissions').select((eb) => eb.fn.countAll<number>().as('n')).where('node_id', '=', id).where('status', '=', 'live').executeTakeFirst(),
        tx.selectFrom('media_processes').select((eb) => eb.fn.countAll<number>().as('n')).where('node_id', '=', id).where('pid', 'is not', null).executeTakeFirst(),
        tx.selectFrom('viewer_sessions as v').innerJoin('accounts as a', 'a.id', 'v.user_id').select((eb) => eb.fn.countAll<number>().as('n'))
          .where('a.codigo_servidor', '=', id).where('v.ended_at', 'is', null).executeTakeFirst(),
      ]);
      return { live: Number(live?.n ?? 0), processes: Number(processes?.n ?? 0), viewers: Number(viewers?.n ?? 0) };
    },
  };
}
export type ServersRepo = ReturnType<typeof createServersRepo>;

/** The queued jobs of the accounts on a node, or with no server (placement.ts `jobsOfNode`): the job queue's `scope`. */
export const jobsOfNodeWhere = (nodeId: number) => (eb: ExpressionBuilder<Database, 'jobs'>): Expression<SqlBool> =>
  eb('jobs.user_id', 'in', eb.selectFrom('accounts').select('accounts.id')
    .where((a) => a.or([a('accounts.codigo_servidor', '=', nodeId), a('accounts.codigo_servidor', 'is', null)])));
