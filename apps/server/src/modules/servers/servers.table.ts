import type { Selectable } from 'kysely';

/** A media server of the installation (migration 016), written by its own worker; `edge_url` by the operator. */
export interface ServersTable {
  /** The server's NODE_ID: the accounts' codigo_servidor. */
  codigo_servidor: number;
  host: string;
  public_url: string;
  rtmp_port: number;
  ftp_port: number;
  /** 0: the API serves HLS. */
  hls_port: number;
  edge_url: string | null;
  started_at: string;
  heartbeat_at: string;
  cpu_cores: number;
  /** CPU use of the machine in tenths of a percent. */
  cpu_permille: number;
  live_channels: number;
  media_processes: number;
  viewers: number;
  disk_free_mb: number;
  disk_total_mb: number;
}
export type ServerRow = Selectable<ServersTable>;

declare module '../../platform/db.ts' {
  interface Database {
    servers: ServersTable;
  }
}
