import { sql, type Insertable } from 'kysely';
import type { ViewerKind } from '@painel/contract';
import type { Tx } from '../../platform/db.ts';
import type { ViewerSessionsTable } from './viewers.table.ts';

/*
 * Every read of open sessions filters on `ended_at IS NULL` (written out, not a parameter), so
 * it runs on the partial indexes of migration 008 — which hold only the open sessions — and
 * not on the months of ended ones the table keeps for the audience page.
 */
export function createViewersRepo() {
  return {
    byKey: (tx: Tx, key: string) =>
      tx.selectFrom('viewer_sessions').select(['id', 'user_id', 'session_key', 'started_at', 'last_seen_at', 'ended_at'])
        .where('session_key', '=', key).executeTakeFirst(),
    insert: (tx: Tx, row: Insertable<ViewerSessionsTable>) => tx.insertInto('viewer_sessions').values(row).returning('id').executeTakeFirstOrThrow(),
    /** Signs of life of open sessions, in one statement; returns the ids still open (the others ended meanwhile). */
    touchMany: async (tx: Tx, rows: { id: number; at: string; segundos: number }[]): Promise<number[]> => {
      if (rows.length === 0) return [];
      // VALUES columns are column1… in both databases; the casts give PostgreSQL their types
      const values = sql.join(rows.map((r) => sql`(CAST(${r.id} AS INTEGER), ${r.at}, CAST(${r.segundos} AS INTEGER))`));
      const { rows: alive } = await sql<{ id: number }>`
        UPDATE viewer_sessions SET last_seen_at = v.column2, segundos = v.column3
        FROM (VALUES ${values}) AS v
        WHERE viewer_sessions.id = v.column1 AND viewer_sessions.ended_at IS NULL
        RETURNING viewer_sessions.id`.execute(tx);
      return alive.map((r) => Number(r.id));
    },
    end: (tx: Tx, key: string, at: string) =>
      tx.updateTable('viewer_sessions').set({ ended_at: at }).where('session_key', '=', key).where('ended_at', 'is', null).execute(),
    countActive: async (tx: Tx, userId: number, since: string, tipo: ViewerKind) => {
      const r = await tx
        .selectFrom('viewer_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('tipo', '=', tipo)
        .where('last_seen_at', '>=', since)
        .where('ended_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Live viewers now, per channel (the reconciler's peak). */
    /** Sessions not ended, by kind (live, vod): metrics. */
    openByKind: (tx: Tx) =>
      tx.selectFrom('viewer_sessions').select((eb) => ['tipo', eb.fn.countAll().as('n')]).where('ended_at', 'is', null).groupBy('tipo').execute(),
    liveByUser: (tx: Tx, since: string) =>
      tx
        .selectFrom('viewer_sessions')
        .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('tipo', '=', 'live')
        .where('last_seen_at', '>=', since)
        .where('ended_at', 'is', null)
        .groupBy('user_id')
        .execute(),
    /** An outside player's open session, the latest when an expired one is still open. */
    openOfClient: (tx: Tx, cliente: string) =>
      tx.selectFrom('viewer_sessions').select(['id', 'user_id', 'session_key', 'started_at', 'last_seen_at', 'ended_at'])
        .where('cliente', '=', cliente).where('ended_at', 'is', null).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    /** Closes sessions whose signs of life stopped: they ended when last seen. */
    expire: async (tx: Tx, before: string) => {
      const r = await tx
        .updateTable('viewer_sessions')
        .set((eb) => ({ ended_at: eb.ref('last_seen_at') }))
        .where('last_seen_at', '<', before)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    /** The open sessions one address (its ip_hash) holds on a channel, least recently seen first. */
    activeOfIp: (tx: Tx, userId: number, ipHash: string, since: string) =>
      tx
        .selectFrom('viewer_sessions')
        .select(['id', 'tipo'])
        .where('user_id', '=', userId)
        .where('ip_hash', '=', ipHash)
        .where('last_seen_at', '>=', since)
        .where('ended_at', 'is', null)
        .orderBy('last_seen_at', 'asc')
        .orderBy('id', 'asc')
        .execute(),
    endById: (tx: Tx, id: number, at: string) =>
      tx.updateTable('viewer_sessions').set({ ended_at: at }).where('id', '=', id).where('ended_at', 'is', null).execute(),
    lockAccount: (tx: Tx, userId: number) =>
      tx.selectFrom('accounts').select('id').where('id', '=', userId).forUpdate().executeTakeFirst(),

    /**
     * Marks up to `limit` ended sessions not yet summed as summed and returns them; on PostgreSQL
     * (`skipLocked`) the ones another worker is summing are passed over.
     */
    async claimEnded(tx: Tx, limit: number, skipLocked: boolean): Promise<EndedSession[]> {
      const lock = skipLocked ? sql` FOR UPDATE SKIP LOCKED` : sql``;
      // `rolled = 0` written out: the partial index of the sessions not yet summed serves the pick
      const { rows } = await sql<EndedSession>`
        UPDATE viewer_sessions SET rolled = 1
        WHERE id IN (SELECT id FROM viewer_sessions WHERE rolled = 0 AND ended_at IS NOT NULL LIMIT ${limit}${lock})
        RETURNING user_id, started_at, segundos, codigo_pais, cidade, latitude, longitude, dispositivo, navegador`.execute(tx);
      return rows;
    },
    /** Deletes up to `limit` ended sessions begun before `before` (ISO); returns how many. */
    pruneEnded: async (tx: Tx, before: string, limit: number) =>
      Number((await tx.deleteFrom('viewer_sessions')
        .where('id', 'in', (eb) => eb.selectFrom('viewer_sessions').select('id')
          .where('started_at', '<', before).where('ended_at', 'is not', null).limit(limit))
        .executeTakeFirst()).numDeletedRows),
  };
}

/** An ended session as the audience's worker sums it. */
export interface EndedSession {
  user_id: number; started_at: string; segundos: number;
  codigo_pais: string; cidade: string; latitude: number | null; longitude: number | null; dispositivo: string; navegador: string;
}
export type ViewersRepo = ReturnType<typeof createViewersRepo>;
