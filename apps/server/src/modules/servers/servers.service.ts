import type { ServerSummary } from '@painel/contract';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { accountsPerServer, isOnline } from './placement.ts';
import type { ServerAddresses, ServersRepo } from './servers.repo.ts';
import type { ServerRow } from './servers.table.ts';

/** The addresses a server serves, from its configuration (what its worker registers). */
export function addressesOf(config: Config): ServerAddresses {
  const host = config.publicHost === '0.0.0.0' ? 'localhost' : config.publicHost;
  return {
    host, public_url: config.publicUrl ?? `http://${host}:${config.port}`,
    rtmp_port: config.rtmpPort, ftp_port: config.ftpPort, hls_port: config.media.hlsPort,
  };
}

/**
 * The installation's media servers as the operator sees them (each with its load, whether it
 * reports and its accounts), their edge addresses, and whether an account's server is online.
 */
export function createServersService(deps: { db: Db; repo: ServersRepo; nodeId: number; now?: () => number }) {
  const { db, repo } = deps;
  const now = deps.now ?? Date.now;

  const summary = (r: ServerRow, accounts: number, at: number): ServerSummary => ({
    id: r.codigo_servidor, host: r.host, public_url: r.public_url, rtmp_port: r.rtmp_port, ftp_port: r.ftp_port,
    online: isOnline(r, at), iniciado_em: r.started_at, batida_em: r.heartbeat_at,
    carga: {
      cpu_percentual: r.cpu_permille / 10, nucleos: r.cpu_cores, canais_ao_vivo: r.live_channels, processos: r.media_processes,
      espectadores: r.viewers, disco_livre_mb: r.disk_free_mb, disco_total_mb: r.disk_total_mb,
    },
    contas: accounts, edge_url: r.edge_url,
  });

  return {
    /** Every registered server, by id. */
    async list(): Promise<{ success: true; servidores: ServerSummary[]; este_servidor: number }> {
      const [rows, accounts] = await Promise.all([repo.list(db), accountsPerServer(db)]);
      const at = now();
      return { success: true, servidores: rows.map((r) => summary(r, accounts.get(r.codigo_servidor) ?? 0, at)), este_servidor: deps.nodeId };
    },

    /** The HLS edge of a server's players (null: the server itself); 404 for an unknown server. */
    async setEdge(id: number, edge: string | null): Promise<{ success: true; servidor: ServerSummary }> {
      if (!(await repo.setEdge(db, id, edge))) throw notFound();
      const row = await repo.byId(db, id);
      if (!row) throw notFound();
      const accounts = await accountsPerServer(db);
      return { success: true, servidor: summary(row, accounts.get(id) ?? 0, now()) };
    },

    /**
     * Whether an account's server reports. A server with no row yet is this node before its
     * worker's first heartbeat (a lone install keeps working as it did), else offline.
     */
    async statusOf(codigo: number | null): Promise<{ codigo: number; online: boolean }> {
      const id = codigo ?? deps.nodeId;
      const row = await repo.byId(db, id);
      return { codigo: id, online: row ? isOnline(row, now()) : id === deps.nodeId };
    },
  };
}
export type ServersService = ReturnType<typeof createServersService>;
