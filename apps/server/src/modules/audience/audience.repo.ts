import { sql, type ExpressionBuilder, type ExpressionWrapper, type Insertable, type SqlBool } from 'kysely';
import type { Database, Tx } from '../../platform/db.ts';
import type { ViewerRollupsTable } from './audience.table.ts';

type SessionsEb = ExpressionBuilder<Database, 'viewer_sessions'>;

/**
 * Which sessions a query reads:
 * - recent: every session of the channel active since `since` (the 1-hour period), on the
 *   (user_id, last_seen_at) index;
 * - unrolled: the sessions of a longer period the rollups do not hold yet — open, or ended
 *   since the worker's last pass — on the partial index of unrolled sessions (`rolled = 0`
 *   written out so the planner can use it);
 * - listed: the sessions a longer period lists: begun since `since`, or still open.
 */
export type Scope =
  | { kind: 'recent'; userId: number; since: string }
  | { kind: 'unrolled'; userId: number; since: string }
  | { kind: 'listed'; userId: number; since: string };

export function inScope(eb: SessionsEb, s: Scope): ExpressionWrapper<Database, 'viewer_sessions', SqlBool> {
  const mine = eb('user_id', '=', s.userId);
  if (s.kind === 'recent') return eb.and([mine, eb('last_seen_at', '>=', s.since)]);
  const begunOrOpen = eb.or([eb('started_at', '>=', s.since), eb('ended_at', 'is', null)]);
  if (s.kind === 'unrolled') return eb.and([mine, eb(sql<number>`rolled`, '=', sql<number>`0`), begunOrOpen]);
  return eb.and([mine, eb('last_seen_at', '>=', s.since), begunOrOpen]);
}

export interface Sum { k: string; n: number; s: number }
export interface PlaceSum { codigo_pais: string; cidade: string; latitude: number | null; longitude: number | null; n: number; s: number; a: number }


const num = (v: unknown) => Number(v ?? 0);

export function createAudienceRepo() {
  /** 1 for a session active at `activeSince`, else 0 — summed into 'ativos'. */
  const activeNow = (activeSince: string) =>
    sql<number>`CASE WHEN ended_at IS NULL AND last_seen_at >= ${activeSince} THEN 1 ELSE 0 END`;

  return {
    /** Sessions, seconds and active sessions of a scope. */
    async totals(tx: Tx, scope: Scope, activeSince: string) {
      const r = await tx.selectFrom('viewer_sessions')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('segundos').as('s'), eb.fn.sum<number>(activeNow(activeSince)).as('a')])
        .where((eb) => inScope(eb, scope)).executeTakeFirstOrThrow();
      return { n: num(r.n), s: num(r.s), a: num(r.a) };
    },

    /** Sessions and seconds per device or per browser. */
    async byColumn(tx: Tx, scope: Scope, column: 'dispositivo' | 'navegador'): Promise<Sum[]> {
      const rows = await tx.selectFrom('viewer_sessions')
        .select((eb) => [eb.ref(column).as('k'), eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('segundos').as('s')])
        .where((eb) => inScope(eb, scope)).groupBy(column).execute();
      return rows.map((r) => ({ k: String(r.k), n: num(r.n), s: num(r.s) }));
    },

    /** Sessions, seconds and active sessions per place. */
    async byPlace(tx: Tx, scope: Scope, activeSince: string): Promise<PlaceSum[]> {
      const rows = await tx.selectFrom('viewer_sessions')
        .select((eb) => ['codigo_pais', 'cidade', 'latitude', 'longitude', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('segundos').as('s'),
          eb.fn.sum<number>(activeNow(activeSince)).as('a')])
        .where((eb) => inScope(eb, scope)).groupBy(['codigo_pais', 'cidade', 'latitude', 'longitude']).execute();
      return rows.map((r) => ({ ...r, n: num(r.n), s: num(r.s), a: num(r.a) }));
    },

    /** Start and length of each session of a scope (the history's open part; small). */
    viewings: (tx: Tx, scope: Scope) =>
      tx.selectFrom('viewer_sessions').select(['started_at', 'segundos']).where((eb) => inScope(eb, scope)).execute(),

    /** A dimension's sums over the hours from `fromHour`: key, sessions, seconds. */
    async rollups(tx: Tx, userId: number, dim: 'c' | 'd' | 'b', fromHour: string): Promise<Sum[]> {
      const rows = await tx.selectFrom('viewer_rollups')
        .select((eb) => ['chave as k', eb.fn.sum<number>('sessoes').as('n'), eb.fn.sum<number>('segundos').as('s')])
        .where('user_id', '=', userId).where('dim', '=', dim).where('hora', '>=', fromHour)
        .groupBy('chave').execute();
      return rows.map((r) => ({ k: r.k, n: num(r.n), s: num(r.s) }));
    },

    /** The history's summed part: per hour from `fromHour`, sessions that watched and seconds watched. */
    async hours(tx: Tx, userId: number, fromHour: string): Promise<Sum[]> {
      const rows = await tx.selectFrom('viewer_rollups')
        .select(['hora as k', 'sessoes as n', 'segundos as s'])
        .where('user_id', '=', userId).where('dim', '=', 'h').where('chave', '=', '').where('hora', '>=', fromHour)
        .execute();
      return rows.map((r) => ({ k: r.k, n: num(r.n), s: num(r.s) }));
    },

    /** Sessions of a scope, the most recent activity first; `after` continues a previous page. */
    page: (tx: Tx, scope: Scope, limit: number, after?: { last_seen_at: string; id: number }) =>
      tx.selectFrom('viewer_sessions')
        .select(['id', 'ip_hash', 'codigo_pais', 'cidade', 'dispositivo', 'navegador', 'segundos', 'tipo', 'origem', 'started_at', 'last_seen_at', 'ended_at'])
        .where((eb) => inScope(eb, scope))
        .$if(after !== undefined, (q) => q.where((eb) => eb.or([
          eb('last_seen_at', '<', after!.last_seen_at),
          eb.and([eb('last_seen_at', '=', after!.last_seen_at), eb('id', '<', after!.id)]),
        ])))
        .orderBy('last_seen_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),

    /** Adds sums to the hourly rows, creating those missing. */
    async addRollups(tx: Tx, values: Insertable<ViewerRollupsTable>[]): Promise<void> {
      for (let i = 0; i < values.length; i += 500) {
        await tx.insertInto('viewer_rollups').values(values.slice(i, i + 500))
          .onConflict((oc) => oc.columns(['hora', 'user_id', 'dim', 'chave']).doUpdateSet((eb) => ({
            sessoes: eb('viewer_rollups.sessoes', '+', eb.ref('excluded.sessoes')),
            segundos: eb('viewer_rollups.segundos', '+', eb.ref('excluded.segundos')),
          })))
          .execute();
      }
    },
    pruneRollups: (tx: Tx, beforeHour: string) => tx.deleteFrom('viewer_rollups').where('hora', '<', beforeHour).execute(),
  };
}
export type AudienceRepo = ReturnType<typeof createAudienceRepo>;
export type SessionRow = Awaited<ReturnType<AudienceRepo['page']>>[number];
