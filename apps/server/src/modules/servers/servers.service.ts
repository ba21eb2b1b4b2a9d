import type { ServerSummary } from '@painel/contract';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { shortCache } from '../../platform/short-cache.ts';
import { isOnline } from './placement.ts';
import { addressesOf, type ServerAddresses } from '../streaming/urls.ts';
import type { ServersRepo } from './servers.repo.ts';
import type { ServerRow } from './servers.table.ts';

/** Where an account's server is reached: its addresses, its HLS edge, whether it is this node and whether it reports. */
export interface AccountServer extends ServerAddresses {
  id: number;
  edge_url: string | null;
  /** This node itself: its files are on this disk. */
  local: boolean;
  online: boolean;
}

/** How long a server's row is reused for the addresses of its accounts (rows change when a server restarts or the operator edits it). */
const DIRECTORY_TTL_MS = 2000;

/**
 * The installation's media servers as the operator sees them (each with its load, whether it
 * reports and its accounts), their edge addresses, and whether an account's server is online.
 */
export function createServersService(deps: {
  db: Db; repo: ServersRepo; nodeId: number; config: Config; now?: () => number;
  /** The accounts module's reads: accounts per server, and the server of a login (undefined: no such login). */
  accounts: { perServer: () => Promise<Map<number, number>>; serverOfLogin: (login: string) => Promise<number | null | undefined> };
}) {
  const { db, repo } = deps;
  const accountsPerServer = () => deps.accounts.perServer();
  const now = deps.now ?? Date.now;
  const rowOf = shortCache(DIRECTORY_TTL_MS, (id: number) => repo.byId(db, id), { now });
  const own = addressesOf(deps.config);

  /**
   * The server an account lives on (`codigo_servidor`; null: this node). This node answers
   * with its own configuration (what its worker registers) even before the first heartbeat;
   * another server with its registered row. A server with no row (never started) is given
   * this node's addresses and shown offline: its accounts wait for it.
   */
  async function serverOf(codigo: number | null): Promise<AccountServer> {
    const id = codigo ?? deps.nodeId;
    const row = await rowOf(id);
    const local = id === deps.nodeId;
    const addresses: ServerAddresses = local || !row
      ? own
      : { host: row.host, public_url: row.public_url, rtmp_port: row.rtmp_port, ftp_port: row.ftp_port, hls_port: row.hls_port };
    return { id, ...addresses, edge_url: row?.edge_url ?? null, local, online: row ? isOnline(row, now()) : local };
  }

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
    serverOf,

    /** A registered server's row (undefined: never registered). */
    row: (codigo: number) => repo.byId(db, codigo),

    /** The server of the account with this login (this node's for an unknown login). */
    async serverOfLogin(login: string): Promise<AccountServer> {
      return serverOf((await deps.accounts.serverOfLogin(login)) ?? null);
    },

    /** Every registered server, by id. */
    async list(): Promise<{ success: true; servidores: ServerSummary[]; este_servidor: number }> {
      const [rows, accounts] = await Promise.all([repo.list(db), accountsPerServer()]);
      const at = now();
      return { success: true, servidores: rows.map((r) => summary(r, accounts.get(r.codigo_servidor) ?? 0, at)), este_servidor: deps.nodeId };
    },

    /** The HLS edge of a server's players (null: the server itself); 404 for an unknown server. */
    async setEdge(id: number, edge: string | null): Promise<{ success: true; servidor: ServerSummary }> {
      if (!(await repo.setEdge(db, id, edge))) throw notFound();
      const row = await repo.byId(db, id);
      if (!row) throw notFound();
      const accounts = await accountsPerServer();
      return { success: true, servidor: summary(row, accounts.get(id) ?? 0, now()) };
    },

    /**
     * Whether an account's server reports. A server with no row yet is this node before its
     * worker's first heartbeat (a lone install keeps working as it did), else offline.
     */
    async statusOf(codigo: number | null): Promise<{ codigo: number; online: boolean }> {
      const server = await serverOf(codigo);
      return { codigo: server.id, online: server.online };
    },
  };
}
export type ServersService = ReturnType<typeof createServersService>;
