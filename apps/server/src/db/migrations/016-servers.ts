import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { defaultInt } from './helpers.ts';

/**
 * The media servers of the installation (several machines on one PostgreSQL), keyed by the
 * node id (`NODE_ID`, the accounts' `codigo_servidor`). Each server's worker writes its own row:
 * the addresses it serves (public host and URL, RTMP, FTP and HLS ports) when it starts, and
 * every few seconds its heartbeat with its load. `edge_url` is the operator's: the HLS edge the
 * players of the server's accounts use (null: the server itself).
 */
export const servers = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('servers')
      .addColumn('codigo_servidor', 'integer', (c) => c.primaryKey())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('public_url', 'text', (c) => c.notNull())
      .addColumn('rtmp_port', 'integer', (c) => c.notNull())
      .addColumn('ftp_port', 'integer', (c) => c.notNull())
      /** 0: the API serves HLS (no nginx HTTP port) */
      .addColumn('hls_port', 'integer', (c) => c.notNull())
      .addColumn('edge_url', 'text')
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .addColumn('cpu_cores', 'integer', defaultInt(1))
      /** tenths of a percent of the whole machine */
      .addColumn('cpu_permille', 'integer', defaultInt(0))
      .addColumn('live_channels', 'integer', defaultInt(0))
      .addColumn('media_processes', 'integer', defaultInt(0))
      .addColumn('viewers', 'integer', defaultInt(0))
      .addColumn('disk_free_mb', 'integer', defaultInt(0))
      .addColumn('disk_total_mb', 'integer', defaultInt(0))
      .execute();
    await db.schema.createIndex('servers_heartbeat').on('servers').column('heartbeat_at').execute();
  },
});
