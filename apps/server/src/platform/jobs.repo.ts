import type { Expression, ExpressionBuilder, Insertable, SqlBool, Updateable } from 'kysely';
import type { Database, JobsTable, Tx } from './db.ts';

/** Which rows a query of the runner looks at (claimable now, this node's). */
export type JobsWhere = (eb: ExpressionBuilder<Database, 'jobs'>) => Expression<SqlBool>;

/**
 * The job queue's SQL (platform/jobs.ts holds its rules): plain rows in and out, each function
 * in the transaction or connection it is given. Other modules read the queue through the
 * `Jobs` object of platform/jobs.ts, never here.
 */
export const jobsRepo = {
  insert: (tx: Tx, row: Insertable<JobsTable>) => tx.insertInto('jobs').values(row).returningAll().executeTakeFirstOrThrow(),
  byId: (tx: Tx, id: number, kind?: string) => {
    let q = tx.selectFrom('jobs').selectAll().where('id', '=', id);
    if (kind !== undefined) q = q.where('kind', '=', kind);
    return q.executeTakeFirst();
  },
  latest: (tx: Tx, userId: number, kind: string, subjectId: number) =>
    tx.selectFrom('jobs').selectAll().where('user_id', '=', userId).where('kind', '=', kind).where('subject_id', '=', subjectId)
      .orderBy('id', 'desc').limit(1).executeTakeFirst(),
  latestOf: (tx: Tx, userId: number, kind: string, subjectIds: number[]) =>
    tx.selectFrom('jobs').selectAll().where('user_id', '=', userId).where('kind', '=', kind)
      .where('subject_id', 'in', subjectIds).orderBy('id', 'asc').execute(),
  recentDone: (tx: Tx, userId: number, kind: string, limit: number) =>
    tx.selectFrom('jobs').selectAll().where('user_id', '=', userId).where('kind', '=', kind).where('state', '=', 'done')
      .orderBy('id', 'desc').limit(limit).execute(),
  /** Whether the account has a job queued or running: of this kind, or (`others`) of any other kind. */
  async active(tx: Tx, userId: number, kind: string, others = false): Promise<boolean> {
    const row = await tx.selectFrom('jobs').select('id').where('user_id', '=', userId).where('kind', others ? '!=' : '=', kind)
      .where('state', 'in', ['queued', 'running']).limit(1).executeTakeFirst();
    return row !== undefined;
  },
  /** The ended jobs (done, failed) of a kind. */
  ended: (tx: Tx, kind: string) => tx.selectFrom('jobs').selectAll().where('kind', '=', kind).where('state', 'in', ['done', 'failed']).execute(),
  setDetail: (tx: Tx, id: number, detail: string) => tx.updateTable('jobs').set({ detail }).where('id', '=', id).execute(),
  /** Counts by kind and state (metrics). */
  countsByKindState: (tx: Tx) =>
    tx.selectFrom('jobs').select((eb) => ['kind', 'state', eb.fn.countAll().as('n')]).groupBy(['kind', 'state']).execute(),
  /** The ended jobs (done, failed) that finished at or after `from` ('' for all), in the order they finished (metrics' durations). */
  finishedFrom: (tx: Tx, from: string) => {
    let q = tx.selectFrom('jobs').select(['id', 'kind', 'state', 'started_at', 'finished_at']).where('state', 'in', ['done', 'failed'])
      .where('finished_at', 'is not', null);
    if (from) q = q.where('finished_at', '>=', from);
    return q.orderBy('finished_at').execute();
  },

  async deleteQueued(tx: Tx, userId: number, kind: string, subjectId: number): Promise<number> {
    const r = await tx.deleteFrom('jobs').where('user_id', '=', userId).where('kind', '=', kind).where('subject_id', '=', subjectId)
      .where('state', '=', 'queued').executeTakeFirst();
    return Number(r.numDeletedRows);
  },
  async flagCancel(tx: Tx, userId: number, kind: string, subjectId: number, at: string): Promise<number> {
    const r = await tx.updateTable('jobs').set({ cancel: 1, updated_at: at }).where('user_id', '=', userId).where('kind', '=', kind)
      .where('subject_id', '=', subjectId).where('state', '=', 'running').executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  // the runner's half
  async anyOf(tx: Tx, kinds: string[], where: JobsWhere): Promise<boolean> {
    return (await tx.selectFrom('jobs').select('id').where('kind', 'in', kinds).where(where).limit(1).executeTakeFirst()) !== undefined;
  },
  /**
   * Takes one job of the kind that `where` allows (not one of `skip`): the candidate is picked
   * (FOR UPDATE SKIP LOCKED with `skipLocked`) and the UPDATE re-checks `where`, so whoever
   * wrote first owns it.
   */
  claim(tx: Tx, o: { kind: string; where: JobsWhere; skip: number[]; skipLocked: boolean; worker: string; nodeId: number; leaseUntil: string; at: string }) {
    let pick = tx.selectFrom('jobs').select('id').where('kind', '=', o.kind).where(o.where).orderBy('id').limit(1);
    if (o.skip.length) pick = pick.where('id', 'not in', o.skip);
    if (o.skipLocked) pick = pick.forUpdate().skipLocked();
    return tx.updateTable('jobs')
      .set((eb) => ({ state: 'running', worker: o.worker, node_id: o.nodeId, lease_until: o.leaseUntil, attempts: eb('attempts', '+', 1), pid: null, updated_at: o.at }))
      .where('id', '=', pick)
      .where(o.where)
      .returningAll().executeTakeFirst();
  },
  /** Writes to a job this worker holds (`worker`). */
  updateHeld: (tx: Tx, id: number, worker: string, patch: Updateable<JobsTable>) =>
    tx.updateTable('jobs').set(patch).where('id', '=', id).where('worker', '=', worker).execute(),
  /** The heartbeat of a running job this worker holds: its cancel flag, or undefined when the row is no longer its. */
  beat: (tx: Tx, id: number, worker: string, patch: Updateable<JobsTable>) =>
    tx.updateTable('jobs').set(patch).where('id', '=', id).where('worker', '=', worker).where('state', '=', 'running')
      .returning('cancel').executeTakeFirst(),
  /** A clean stop gives the attempt back and queues the job again. */
  requeueUnused: (tx: Tx, id: number, worker: string, at: string) =>
    tx.updateTable('jobs').set((eb) => ({ state: 'queued', worker: null, lease_until: null, pid: null, attempts: eb('attempts', '-', 1), updated_at: at }))
      .where('id', '=', id).where('worker', '=', worker).execute(),
  deleteHeld: (tx: Tx, id: number, worker: string) => tx.deleteFrom('jobs').where('id', '=', id).where('worker', '=', worker).execute(),
  /** Running jobs whose lease ran out with no attempt left (not those of `skip`): any? */
  async anyDead(tx: Tx, at: string, skip: number[]): Promise<boolean> {
    let q = tx.selectFrom('jobs').select('id').where('state', '=', 'running').where('lease_until', '<', at).whereRef('attempts', '>=', 'max_attempts');
    if (skip.length) q = q.where('id', 'not in', skip);
    return (await q.limit(1).executeTakeFirst()) !== undefined;
  },
  failDead: (tx: Tx, at: string, skip: number[], patch: Updateable<JobsTable>) => {
    let q = tx.updateTable('jobs').set(patch).where('state', '=', 'running').where('lease_until', '<', at).whereRef('attempts', '>=', 'max_attempts');
    if (skip.length) q = q.where('id', 'not in', skip);
    return q.execute();
  },
  pruneEnded: (tx: Tx, kind: string, before: string) =>
    tx.deleteFrom('jobs').where('kind', '=', kind).where('state', 'in', ['done', 'failed']).where('finished_at', '<', before).execute(),
  /** Jobs of these kinds running on the node under another claim than `worker`. */
  heldByOthers: (tx: Tx, nodeId: number, kinds: string[], worker: string) =>
    tx.selectFrom('jobs').select(['id', 'worker']).where('state', '=', 'running').where('node_id', '=', nodeId)
      .where('kind', 'in', kinds).where('worker', '!=', worker).execute(),
  /** Ends the lease of running jobs now (their next claim takes them). */
  expireLeases: (tx: Tx, ids: number[], at: string) =>
    tx.updateTable('jobs').set({ lease_until: at, updated_at: at }).where('id', 'in', ids).where('state', '=', 'running').execute(),
};
