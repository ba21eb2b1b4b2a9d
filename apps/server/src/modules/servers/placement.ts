import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { createServersRepo, jobsOfNodeWhere } from './servers.repo.ts';
import type { ServerRow } from './servers.table.ts';

const repo = createServersRepo();

/** How often a server's worker writes its heartbeat with its load. */
export const HEARTBEAT_MS = 5000;
/** A server is online while its heartbeat is younger than this (three heartbeats). */
export const ONLINE_WINDOW_MS = 3 * HEARTBEAT_MS;

export const isOnline = (row: Pick<ServerRow, 'heartbeat_at'>, now: number): boolean => now - Date.parse(row.heartbeat_at) < ONLINE_WINDOW_MS;

/**
 * The server a new account goes to.
 *
 * `chosen` (the operator's pick): a registered server, or this node itself before its worker has
 * registered it; anything else is 400 `server_not_found`. An offline server may be chosen (its
 * accounts wait for it).
 *
 * Otherwise the online server with the most free capacity: the fewest live channels per CPU core
 * (what a server spends its CPU on), then the fewest accounts per core (so idle servers fill
 * evenly), then the most free disk, then the lowest id. With no server online (a fresh install
 * before its worker's first heartbeat, or a lone API), this node's NODE_ID: a single-server
 * installation places every account on server 1, as it always did. `accountsPerServer` is the
 * accounts module's count (codigo_servidor → accounts), read in the same transaction.
 */
export async function chooseServer(tx: Tx, opts: {
  chosen?: number | undefined; localNode: number; now?: number; accountsPerServer: () => Promise<Map<number, number>>;
}): Promise<number> {
  if (opts.chosen !== undefined) {
    if (opts.chosen === opts.localNode) return opts.chosen;
    if (!(await repo.byId(tx, opts.chosen))) throw new AppError('server_not_found');
    return opts.chosen;
  }
  const now = opts.now ?? Date.now();
  const online = (await repo.list(tx)).filter((r) => isOnline(r, now));
  if (online.length === 0) return opts.localNode;
  const accounts = await opts.accountsPerServer();
  const perCore = (n: number, r: ServerRow) => n / Math.max(1, r.cpu_cores);
  const ranked = online.map((r) => ({
    id: r.codigo_servidor, live: perCore(r.live_channels, r), accounts: perCore(accounts.get(r.codigo_servidor) ?? 0, r), disk: r.disk_free_mb,
  })).sort((a, b) => a.live - b.live || a.accounts - b.accounts || b.disk - a.disk || a.id - b.id);
  return ranked[0]!.id;
}

/**
 * The queued jobs a server's worker takes: those of the accounts that live on it, and of an
 * account with no server (created before servers were recorded: a lone installation's, like
 * the schedules' rule). The job queue's `scope`.
 */
export const jobsOfNode = jobsOfNodeWhere;
