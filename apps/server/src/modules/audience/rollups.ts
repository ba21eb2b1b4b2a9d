import type { Insertable } from 'kysely';
import type { Db, Dialect, Tx } from '../../platform/db.ts';
import { endedSessions } from '../viewers/ended-sessions.ts';
import { createAudienceRepo } from './audience.repo.ts';
import type { ViewerRollupsTable } from './audience.table.ts';
import { HOUR_MS, addTo, hourKey, placeKey, spread } from './buckets.ts';

/** Ended sessions summed in one transaction. */
const BATCH = 2000;
/** Rows one pass of the pruning deletes at most, so a long backlog never holds the database. */
const PRUNE_BATCH = 5000;

/**
 * The worker's side of the audience figures: ended sessions are summed into `viewer_rollups`
 * exactly once — the rows are marked and summed in one transaction, claimed with SKIP LOCKED
 * on PostgreSQL so two workers never sum the same session — and sessions and sums older than
 * the retention period are deleted.
 */
export function createAudienceRollups(deps: { db: Db; dialect: Dialect; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const repo = createAudienceRepo();

  async function rollBatch(tx: Tx): Promise<number> {
    const rows = await endedSessions.claim(tx, BATCH, deps.dialect === 'postgres');
    if (rows.length === 0) return 0;
    const sums = new Map<string, { sessoes: number; segundos: number }>();
    const rowOf = new Map<string, Insertable<ViewerRollupsTable>>();
    const add = (r: Insertable<ViewerRollupsTable>, sessoes: number, segundos: number) => {
      const k = `${r.hora}\n${r.user_id}\n${r.dim}\n${r.chave}`;
      if (!rowOf.has(k)) rowOf.set(k, r);
      addTo(sums, k, sessoes, segundos);
    };
    for (const s of rows) {
      const start = Date.parse(s.started_at);
      const hora = hourKey(start);
      const secs = Number(s.segundos);
      // every row names every column: a multi-row insert fills a missing one with NULL
      const base = { hora, user_id: s.user_id, codigo_pais: '', cidade: '', latitude: null, longitude: null };
      add({ ...base, dim: 'c', chave: placeKey(s), codigo_pais: s.codigo_pais, cidade: s.cidade, latitude: s.latitude, longitude: s.longitude }, 1, secs);
      add({ ...base, dim: 'd', chave: s.dispositivo }, 1, secs);
      add({ ...base, dim: 'b', chave: s.navegador }, 1, secs);
      // the history: every hour the viewing reached, with the seconds watched within it
      for (const [b, inHour] of spread(start, secs, HOUR_MS)) add({ ...base, hora: hourKey(b), dim: 'h', chave: '' }, 1, inHour);
    }
    const values = [...rowOf].map(([k, r]) => ({ ...r, ...sums.get(k)! }));
    await repo.addRollups(tx, values);
    return rows.length;
  }

  return {
    /** Sums the sessions that ended since the last pass; returns how many. */
    async rollUp(maxBatches = 10): Promise<number> {
      let total = 0;
      for (let i = 0; i < maxBatches; i++) {
        const n = await db.transaction().execute(rollBatch);
        total += n;
        if (n < BATCH) break;
      }
      return total;
    },

    /** Deletes sessions and sums older than `days`, PRUNE_BATCH sessions a statement (up to `maxBatches`); returns how many sessions. */
    async prune(days: number, maxBatches = 20): Promise<number> {
      const cutoff = now() - days * 86_400_000;
      let total = 0;
      for (let i = 0; i < maxBatches; i++) {
        const n = await endedSessions.prune(db, new Date(cutoff).toISOString(), PRUNE_BATCH);
        total += n;
        if (n < PRUNE_BATCH) break;
      }
      await repo.pruneRollups(db, hourKey(cutoff));
      return total;
    },
  };
}
export type AudienceRollups = ReturnType<typeof createAudienceRollups>;
