import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { defaultInt } from './helpers.ts';

/**
 * SRT ingest (modules/srt). `srt_ingest`: one row per account that ever turned it on. `port` is
 * the account's UDP port of SRT_PORT_MIN–SRT_PORT_MAX, unique in the installation (so it holds
 * when the account moves to another server) and kept while it is off, so the encoder's settings
 * stay valid; `ativo` says whether its server's worker runs the listener.
 */
export const srt = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('srt_ingest')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('port', 'integer', (c) => c.notNull().unique())
      .addColumn('ativo', 'integer', defaultInt(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
});
