import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { defaultInt } from './helpers.ts';

/**
 * Audience analytics.
 *
 * Each viewer session now says what was watched (tipo: live or vod), how it was watched
 * (origem: the panel's player, or an outside player pulling the HLS playlist, which `cliente`
 * identifies while open), where from (country, city, coordinates of its address — the address
 * itself is never stored) and on what (device, browser), and how long (segundos, kept with the
 * last sign of life).
 *
 * `viewer_rollups` keeps the ended sessions summed per hour of their start (dim c: a place,
 * d: a device, b: a browser) and, for the history, per hour they watched in (dim h: sessions
 * that watched during the hour, seconds watched within it). The worker moves each ended session
 * into it exactly once (`rolled`), so a month of statistics reads some thousand summed rows
 * instead of every session; the sessions still open (or just ended) are read from the
 * sessions table through a small partial index. Both are pruned after the retention period.
 */
export const audience = (): Migration => ({
  async up(db: Kysely<unknown>) {
    const t = 'viewer_sessions';
    const alter = () => db.schema.alterTable(t);
    await alter().addColumn('tipo', 'text', (c) => c.notNull().defaultTo('live')).execute();
    await alter().addColumn('origem', 'text', (c) => c.notNull().defaultTo('player')).execute();
    await alter().addColumn('cliente', 'text').execute();
    await alter().addColumn('codigo_pais', 'text', (c) => c.notNull().defaultTo('')).execute();
    await alter().addColumn('cidade', 'text', (c) => c.notNull().defaultTo('')).execute();
    await alter().addColumn('latitude', 'double precision').execute();
    await alter().addColumn('longitude', 'double precision').execute();
    await alter().addColumn('dispositivo', 'text', (c) => c.notNull().defaultTo('Outro')).execute();
    await alter().addColumn('navegador', 'text', (c) => c.notNull().defaultTo('Desconhecido')).execute();
    await alter().addColumn('segundos', 'integer', defaultInt(0)).execute();
    await alter().addColumn('rolled', 'integer', defaultInt(0)).execute();
    await sql`UPDATE viewer_sessions SET tipo = 'vod' WHERE source LIKE 'vod:%'`.execute(db);

    // the open sessions of a channel: live count, viewer limit, one address's sessions
    await sql`CREATE INDEX viewer_sessions_open ON viewer_sessions (user_id, tipo, last_seen_at) WHERE ended_at IS NULL`.execute(db);
    // one address's open sessions on a channel (its share is limited when a session opens)
    await sql`CREATE INDEX viewer_sessions_open_ip ON viewer_sessions (user_id, ip_hash) WHERE ended_at IS NULL`.execute(db);
    // the worker's expiry of sessions whose signs of life stopped
    await sql`CREATE INDEX viewer_sessions_expiry ON viewer_sessions (last_seen_at) WHERE ended_at IS NULL`.execute(db);
    // an outside player's open session, found again by its client key on each playlist request
    await sql`CREATE INDEX viewer_sessions_client ON viewer_sessions (cliente) WHERE ended_at IS NULL`.execute(db);
    // the sessions not yet summed: open ones and those that just ended
    await sql`CREATE INDEX viewer_sessions_unrolled ON viewer_sessions (user_id, started_at) WHERE rolled = 0`.execute(db);
    // the retention's deletion of old sessions
    await db.schema.createIndex('viewer_sessions_started').on(t).column('started_at').execute();

    await db.schema
      .createTable('viewer_rollups')
      .addColumn('hora', 'text', (c) => c.notNull()) // 'YYYY-MM-DDTHH' (UTC)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('dim', 'text', (c) => c.notNull()) // c | d | b | h
      .addColumn('chave', 'text', (c) => c.notNull()) // c: 'BR|São Paulo|lat|lon'; d, b: the label; h: ''
      .addColumn('codigo_pais', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('cidade', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('sessoes', 'integer', defaultInt(0))
      .addColumn('segundos', 'integer', defaultInt(0))
      .addPrimaryKeyConstraint('viewer_rollups_pk', ['hora', 'user_id', 'dim', 'chave'])
      .execute();
    // a period's sums of one dimension, read in key order with no sort
    await db.schema.createIndex('viewer_rollups_read').on('viewer_rollups').columns(['user_id', 'dim', 'chave', 'hora', 'sessoes', 'segundos']).execute();
  },
});
