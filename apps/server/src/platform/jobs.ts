import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { z } from 'zod';
import { errorText, msg } from '@painel/contract';
import { isDatabaseUnavailable, isUniqueViolation, nowIso, type Database, type Db, type Dialect, type JobsTable, type Tx } from './db.ts';
import { pidsWithEnv } from './exec.ts';
import { jobsRepo as repo } from './jobs.repo.ts';
import { AppError, machineError } from './errors.ts';

export type JobRow = Selectable<JobsTable>;

/**
 * Finite jobs (download from a link, FTP migration, video conversion): a row the API queues
 * and one worker runs to its end. See docs/architecture.md §7.
 *
 * - A worker **claims** a row with one conditional UPDATE … RETURNING (on PostgreSQL the
 *   candidate is picked with FOR UPDATE SKIP LOCKED), writing its own id and a lease.
 * - While the job runs, its progress is written at most once a second, and that same write
 *   renews the lease and reads the cancel flag. A worker that lost the row (lease taken over)
 *   stops at once.
 * - A job whose worker died is claimed again by the next worker while it has attempts left,
 *   else it fails with `job_interrupted`: never left "running".
 * - Cancel is a flag: a queued job is deleted at once; a running one stops, cleans up and its
 *   row goes. A job that ends (done, failed) has its input wiped: it may hold sealed FTP
 *   credentials, which are not kept after the job.
 */

/** Thrown (or the reason of the abort) when the job was cancelled by its owner. */
export const CANCELED = 'canceled';
type StopReason = typeof CANCELED | 'lost' | 'stopping';

export interface JobContext<I = unknown> {
  job: JobRow;
  /** The job's input as queued, checked against its kind's schema. */
  input: I;
  /** Aborted when the job must stop: cancelled, lease lost, worker stopping. */
  signal: AbortSignal;
  /** An empty directory of this job under the library's storage (same file system, so results move by rename). */
  workdir: string;
  /** Merges fields into the status the API reads, with the percent; written within a second. */
  report(detail: Record<string, unknown>, progress?: number): void;
  /** Records the job's child process group, so the next worker kills it if this one dies. */
  setPid(pid: number | null): void;
  /** The environment for the job's children: marks them as this worker's. */
  env: NodeJS.ProcessEnv;
}

/**
 * Runs one job to its end; the resolved value is stored as the result. An Error's message
 * (Portuguese) becomes the job's error, and an AppError's code its error_code.
 */
export type JobHandler<I = unknown> = (ctx: JobContext<I>) => Promise<unknown>;

/**
 * A kind of job, defined once: its name, the schema of its input and its handler (built from
 * the dependencies `D` the worker gives it). The API queues with the definition itself, so an
 * input is typed by its kind and no kind exists without the handler that runs it.
 */
export interface JobDefinition<K extends string = string, I = unknown, D = never> {
  kind: K;
  input: z.ZodType<I>;
  /** Jobs of this kind one worker runs at the same time. */
  slots: number;
  /** How long an ended job stays (its status and history are read from it). */
  keepMs?: number;
  handler: (deps: D) => JobHandler<I>;
}

export function defineJob<K extends string, S extends z.ZodType, D>(d: {
  kind: K; input: S; slots: number; keepMs?: number; handler: (deps: D) => JobHandler<z.output<S>>;
}): JobDefinition<K, z.output<S>, D> {
  return d as JobDefinition<K, z.output<S>, D>;
}

/** What a runner runs of a kind: its definition with the handler built. */
export interface RunnableJob {
  kind: string;
  input: z.ZodType;
  slots: number;
  keepMs?: number;
  run: JobHandler<never>;
}

/** A definition as the queue needs it: the kind and the type of its input. */
type KindOf<I> = Pick<JobDefinition<string, I, never>, 'kind'> & { readonly input: z.ZodType<I> };

export function parseJson<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Whether the account has a job of the kind queued or running (`others`: of any other kind),
 * read in the caller's transaction (a guard deciding whether something of the account may start).
 */
export const hasActiveJob = (tx: Tx, userId: number, def: { kind: string }, others = false): Promise<boolean> =>
  repo.active(tx, userId, def.kind, others);

/** The API's half: queue, read, cancel. */
export function createJobs(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * Queues a job; null when the account already has one of this kind (and subject) queued
     * or running — the unique index decides, so two requests at once cannot both get in.
     * `node` pins it to one server's worker; otherwise it runs on the account's server.
     */
    async enqueue<I>(tx: Tx, def: KindOf<I>, j: { userId: number; subjectId?: number; input: I; detail?: Record<string, unknown>; maxAttempts?: number; node?: number }): Promise<JobRow | null> {
      const at = nowIso();
      try {
        return await repo.insert(tx, {
          user_id: j.userId, kind: def.kind, subject_id: j.subjectId ?? 0, state: 'queued', input: JSON.stringify(j.input ?? {}),
          detail: JSON.stringify(j.detail ?? {}), max_attempts: j.maxAttempts ?? 2, node_id: j.node ?? null, worker: null, lease_until: null,
          pid: null, result: null, error: null, created_at: at, started_at: null, finished_at: null, updated_at: at,
        });
      } catch (e) {
        if (isUniqueViolation(e)) return null;
        throw e;
      }
    },
    /** The account's latest job of a kind (and subject). */
    latest: (userId: number, def: { kind: string }, subjectId = 0) => repo.latest(db, userId, def.kind, subjectId),
    /** The account's latest job of a kind for each of several subjects (conversion status of a folder's videos). */
    latestOf: async (userId: number, def: { kind: string }, subjectIds: number[]): Promise<Map<number, JobRow>> => {
      if (!subjectIds.length) return new Map();
      const rows = await repo.latestOf(db, userId, def.kind, subjectIds);
      return new Map(rows.map((r) => [r.subject_id, r]));
    },
    /** The account's finished jobs of a kind, newest first. */
    recentDone: (userId: number, def: { kind: string }, limit: number) => repo.recentDone(db, userId, def.kind, limit),
    /** A job by id (of a kind, when given). */
    byId: (id: number, def?: { kind: string }) => repo.byId(db, id, def?.kind),
    /**
     * Whether the account has a job of the kind queued or running (`others`: of any other kind),
     * read in the caller's transaction when it gives one.
     */
    active: hasActiveJob,
    /** The ended jobs (done, failed) of a kind. */
    ended: (def: { kind: string }) => repo.ended(db, def.kind),
    /** Replaces a job's detail (what its status shows and its kind records after the end). */
    setDetail: (id: number, detail: Record<string, unknown>) => repo.setDetail(db, id, JSON.stringify(detail)),
    /** How many jobs there are of each kind and state (metrics). */
    countsByKindState: () => repo.countsByKindState(db),
    /** The ended jobs that finished at or after `from` ('' for all), in the order they finished (metrics). */
    finishedFrom: (from: string) => repo.finishedFrom(db, from),
    /**
     * Cancels the account's active job of a kind (and subject): a queued one goes at once, a
     * running one is flagged and its worker stops it within a second or two. False when none.
     */
    async cancel(userId: number, def: { kind: string }, subjectId = 0): Promise<boolean> {
      const { kind } = def;
      if ((await repo.deleteQueued(db, userId, kind, subjectId)) > 0) return true;
      return (await repo.flagCancel(db, userId, kind, subjectId, nowIso())) > 0;
    },
  };
}
export type Jobs = ReturnType<typeof createJobs>;

/** The one refusal for a second active job of a kind. */
export const busy = (code: 'download_busy' | 'ftp_migration_busy' | 'conversion_busy' | 'apk_busy') => new AppError(code);

const ENV_TAG = 'PAINEL_JOBS';
/** A queued job is picked up within this (one indexed read when there is nothing to do). */
const TICK_MS = 250;

/** A job's final write that met the database away (a restart) is tried again this often, until it answers. */
const PERSIST_RETRY_MS = 1000;

/** How long ended jobs stay when their kind does not say: they feed status and history. */
const KEPT_MS = 30 * 24 * 3600_000;

export interface JobRunnerOptions {
  db: Db;
  dialect: Dialect;
  nodeId: number;
  /**
   * Marks this node's job children (like the engine's tag), so the next worker kills what a
   * crash left. Absent for a runner whose jobs start no children (tests).
   */
  tag?: string;
  /** Where each running job gets its directory (under the library's storage root). */
  workRoot: string;
  /** The kinds this runner runs, each with its handler built. */
  kinds: readonly RunnableJob[];
  /** Jobs of a kind this worker runs at the same time, when not the kind's own number. */
  slots?: Partial<Record<string, number>>;
  leaseMs: number;
  tickMs?: number;
  log?: (m: string) => void;
  /**
   * Which queued jobs are this node's (several servers share one queue): a job pinned to a
   * node (`node_id` given when queued) runs there only; an unpinned one where this filter says
   * (the account's server). Absent: every unpinned job. A job taken once stays on the node
   * that took it (its files and children are there), also when its worker died.
   */
  scope?: (eb: ExpressionBuilder<Database, 'jobs'>) => Expression<SqlBool>;
}

interface Running {
  job: JobRow;
  abort: AbortController;
  reason: StopReason | null;
  done: Promise<void>;
}

/** The pid in a runner's claim id (`node:pid:random`), or null. */
const pidOfWorker = (worker: string | null): number | null => {
  const pid = Number(worker?.split(':')[1]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
};

/** Whether another process with this pid runs (this process's own earlier runners count as gone). */
function processAlive(pid: number | null): boolean {
  if (pid === null || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The worker's half: claims queued jobs of the kinds it has handlers for and runs them. */
export function createJobRunner(o: JobRunnerOptions) {
  const { db } = o;
  const byKind = new Map<string, RunnableJob>();
  for (const k of o.kinds) {
    // a definition without a handler, or two of one kind, is a wiring mistake: refuse to start
    if (typeof k.run !== 'function') throw new Error(`job kind without a handler: ${k.kind}`);
    if (byKind.has(k.kind)) throw new Error(`job kind defined twice: ${k.kind}`);
    byKind.set(k.kind, k);
  }
  const kinds = [...byKind.keys()];
  const slotsOf = (kind: string) => o.slots?.[kind] ?? byKind.get(kind)?.slots ?? 1;
  const log = o.log ?? ((m: string) => console.log(`[jobs] ${m}`));
  const me = `${o.nodeId}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const running = new Map<number, Running>();
  const leaseUntil = () => new Date(Date.now() + o.leaseMs).toISOString();
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  let again = false;
  let stopped = false;
  let lastPrune = 0;
  let tickError = '';

  /** Waiting, or running under a lease that ran out (its worker died), with an attempt left. */
  const claimableAt = (at: string) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb('attempts', '<', eb.ref('max_attempts')),
      eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'running'), eb('lease_until', '<', at)])]),
      eb.or([eb('node_id', '=', o.nodeId), eb.and([eb('node_id', 'is', null), o.scope ? o.scope(eb) : eb.lit(true)])]),
    ]);

  /** Whether any job of these kinds could be claimed now (a read, so an idle tick writes nothing). */
  async function claimable(kinds: string[]): Promise<boolean> {
    return repo.anyOf(db, kinds, claimableAt(nowIso()));
  }

  /** Picks and takes one claimable job of the kind; undefined when none. */
  async function claim(kind: string): Promise<JobRow | undefined> {
    const at = nowIso();
    // never one this runner still runs: its lease may have run out while the database was away
    // and its end is not written yet; the claim is re-checked in the UPDATE itself (whoever
    // wrote first owns it), on PostgreSQL the candidate picked with FOR UPDATE SKIP LOCKED
    return repo.claim(db, {
      kind, where: claimableAt(at), skip: [...running.keys()], skipLocked: o.dialect === 'postgres', worker: me, nodeId: o.nodeId,
      leaseUntil: leaseUntil(), at,
    });
  }

  /**
   * A write that must land (how a job ended): while the database is away (a restart) it is
   * tried again every second until it answers, so a job that ended meanwhile is neither lost
   * nor run again; given up only when this runner stops (its lease then hands the job on).
   */
  async function persist<T>(write: () => Promise<T>): Promise<T> {
    for (let told = false; ;) {
      try {
        return await write();
      } catch (e) {
        if (stopped || !isDatabaseUnavailable(e)) throw e;
        if (!told) log(`fila de tarefas: banco indisponível, gravação repetida até ele voltar (${(e as Error).message})`);
        told = true;
        await new Promise((r) => setTimeout(r, PERSIST_RETRY_MS));
      }
    }
  }

  async function finish(id: number, patch: { state: 'done' | 'failed'; result?: unknown; error?: string | null; errorCode?: string | null; progress?: number }) {
    const at = nowIso();
    await persist(() => repo.updateHeld(db, id, me, {
      state: patch.state, result: patch.result === undefined ? null : JSON.stringify(patch.result), error: patch.error ?? null,
      error_code: patch.errorCode ?? null,
      ...(patch.progress !== undefined ? { progress: patch.progress } : {}),
      input: '{}', pid: null, lease_until: null, finished_at: at, updated_at: at,
    }));
  }

  async function run(job: JobRow, def: RunnableJob): Promise<void> {
    const abort = new AbortController();
    const entry: Running = { job, abort, reason: null, done: Promise.resolve() };
    const stop = (reason: StopReason) => {
      if (entry.reason) return;
      entry.reason = reason;
      abort.abort(reason);
    };
    const workdir = path.join(o.workRoot, String(job.id));
    let detail = parseJson<Record<string, unknown>>(job.detail, {});
    let progress = job.progress;
    let dirty = false;
    let pid: number | null | undefined;
    let lastWrite = 0;
    let unwritten = false;
    let flushing: Promise<void> = Promise.resolve();
    const flush = () => {
      flushing = flushing.then(async () => {
        if (entry.reason) return;
        const at = nowIso();
        const patch = { lease_until: leaseUntil(), updated_at: at, ...(dirty ? { detail: JSON.stringify(detail), progress } : {}), ...(pid !== undefined ? { pid } : {}) };
        const [wasDirty, pidNow] = [dirty, pid];
        dirty = false;
        pid = undefined;
        lastWrite = Date.now();
        try {
          const row = await repo.beat(db, job.id, me, patch);
          unwritten = false;
          if (!row) stop('lost');
          else if (row.cancel) stop(CANCELED);
        } catch (e) {
          // not written (the database away for a moment): tried again at the next beat, a second
          // later, so the lease is renewed as soon as the database answers, long before it runs out
          dirty ||= wasDirty;
          if (pid === undefined) pid = pidNow;
          lastWrite = 0;
          if (!unwritten) log(`tarefa ${job.id}: progresso não gravado: ${(e as Error).message}`);
          unwritten = true;
        }
      }).catch((e: Error) => log(`tarefa ${job.id}: progresso não gravado: ${e.message}`));
      return flushing;
    };
    // a second-by-second heartbeat: progress, lease, cancel flag
    const beat = setInterval(() => {
      if (dirty || Date.now() - lastWrite >= o.leaseMs / 3) void flush();
    }, 1000);
    // the input is decoded in one place, by its kind's schema; one that does not fit fails the job
    const parsed = def.input.safeParse(parseJson<unknown>(job.input, {}));
    const ctx: JobContext<unknown> = {
      job, input: parsed.success ? parsed.data : undefined, signal: abort.signal, workdir,
      report(d, p) {
        detail = { ...detail, ...d };
        if (p !== undefined) progress = Math.max(0, Math.min(100, Math.round(p)));
        dirty = true;
      },
      setPid(p) {
        pid = p;
        void flush();
      },
      env: o.tag ? { ...process.env, [ENV_TAG]: o.tag } : process.env,
    };
    entry.done = (async () => {
      try {
        await fsp.rm(workdir, { recursive: true, force: true });
        await fsp.mkdir(workdir, { recursive: true });
        let result: unknown;
        let error: unknown = null;
        try {
          // stopped while its directory was prepared: the handler never starts
          if (!parsed.success) throw new Error(msg.processInvalidData);
          if (!abort.signal.aborted) result = await (def.run as JobHandler<unknown>)(ctx);
        } catch (e) {
          error = e;
        }
        clearInterval(beat);
        await flushing;
        // what the job left is gone before its row says it ended
        await fsp.rm(workdir, { recursive: true, force: true }).catch(() => undefined);
        if (entry.reason === CANCELED) {
          await persist(() => repo.deleteHeld(db, job.id, me));
        } else if (entry.reason === 'stopping') {
          // a clean stop does not use up an attempt: the next worker starts it again
          await repo.requeueUnused(db, job.id, me, nowIso());
        } else if (entry.reason === 'lost') {
          log(`tarefa ${job.id}: assumida por outro worker`);
        } else if (error && isDatabaseUnavailable(error) && job.attempts < job.max_attempts) {
          // the database went away under the handler (a restart): the job goes back to the queue
          // and runs again, on its next attempt, once the database answers
          log(`tarefa ${job.id} (${job.kind}): banco indisponível, de volta à fila`);
          await persist(() => repo.updateHeld(db, job.id, me, { state: 'queued', worker: null, lease_until: null, pid: null, updated_at: nowIso() }));
        } else if (error) {
          const message = error instanceof Error && error.message ? error.message : errorText('internal_error');
          // an error of the machine, not of the job's own code: told by its code (the database away, the disk full)
          const told = machineError(error);
          await finish(job.id, told ? { state: 'failed', error: told.message, errorCode: told.code }
            : { state: 'failed', error: message, errorCode: error instanceof AppError ? error.code : null });
          if (!(error instanceof AppError)) log(`tarefa ${job.id} (${job.kind}) falhou: ${(error as Error).stack ?? String(error)}`);
        } else {
          dirty = false;
          await persist(() => repo.updateHeld(db, job.id, me, { detail: JSON.stringify(detail) }));
          await finish(job.id, { state: 'done', result: result ?? null, progress: 100 });
        }
      } catch (e) {
        log(`tarefa ${job.id}: ${(e as Error).message}`);
      } finally {
        clearInterval(beat);
        await fsp.rm(workdir, { recursive: true, force: true }).catch(() => undefined);
        running.delete(job.id);
      }
    })();
    running.set(job.id, entry);
  }

  /** Jobs whose worker died and that have no attempt left fail; they are never left running. */
  async function expire(): Promise<void> {
    const at = nowIso();
    // not one this runner still runs (its lease ran out while the database was away)
    const mine = [...running.keys()];
    if (!(await repo.anyDead(db, at, mine))) return;
    await repo.failDead(db, at, mine, { state: 'failed', error: errorText('job_interrupted'), error_code: 'job_interrupted', input: '{}', pid: null, lease_until: null, finished_at: at, updated_at: at });
  }

  /** Ended jobs are kept for their status and history ('Recentes'), then go. */
  async function prune(): Promise<void> {
    if (Date.now() - lastPrune < 60_000) return;
    lastPrune = Date.now();
    for (const kind of kinds) {
      const before = new Date(Date.now() - (byKind.get(kind)?.keepMs ?? KEPT_MS)).toISOString();
      await repo.pruneEnded(db, kind, before);
    }
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    if (ticking) {
      again = true; // a job queued meanwhile is looked at right after this pass
      return;
    }
    ticking = true;
    try {
      await expire();
      await prune();
      tickError = '';
      const free = kinds.filter((k) => [...running.values()].filter((r) => r.job.kind === k).length < slotsOf(k));
      // a plain read first: the claim (a write) only happens when there is something to take
      if (!free.length || !(await claimable(free))) return;
      for (const [kind, def] of byKind) {
        const slots = slotsOf(kind);
        while (!stopped && [...running.values()].filter((r) => r.job.kind === kind).length < slots) {
          const job = await claim(kind);
          if (!job) break;
          if (job.cancel) {
            await repo.deleteHeld(db, job.id, me);
            continue;
          }
          await run(job, def);
        }
      }
    } catch (e) {
      // once per cause, not four times a second while the database is away
      if ((e as Error).message !== tickError) log(`fila de tarefas: ${(e as Error).message}`);
      tickError = (e as Error).message;
    } finally {
      ticking = false;
    }
    if (again) {
      again = false;
      await tick();
    }
  }

  return {
    /** This worker's claim id (tests). */
    id: me,
    /**
     * Before the first tick: the children of jobs a killed worker of this node left behind are
     * killed, and its jobs are taken back at once (one worker per node) — claimed again while
     * they have attempts left, else failed. Leftover directories of jobs that ended go.
     */
    async recover(): Promise<number> {
      let killed = 0;
      for (const pid of o.tag ? pidsWithEnv([`${ENV_TAG}=${o.tag}`]) : []) {
        try {
          process.kill(pid, 'SIGKILL');
          killed += 1;
        } catch {
          /* gone */
        }
      }
      const at = nowIso();
      if (kinds.length) {
        // only what a runner that is gone held: another process of this node still running its
        // job (a second runner started by mistake, a test's) keeps it until its lease says otherwise
        const held = await repo.heldByOthers(db, o.nodeId, kinds, me);
        const orphaned = held.filter((j) => !processAlive(pidOfWorker(j.worker))).map((j) => j.id);
        if (orphaned.length) {
          await repo.expireLeases(db, orphaned, at);
        }
      }
      await expire();
      for (const name of await fsp.readdir(o.workRoot).catch(() => [] as string[])) {
        const id = Number(name);
        const job = Number.isInteger(id) ? await repo.byId(db, id) : undefined;
        if (!job || job.state === 'done' || job.state === 'failed') await fsp.rm(path.join(o.workRoot, name), { recursive: true, force: true });
      }
      if (killed) log(`${killed} processo(s) de tarefas de uma execução anterior encerrado(s)`);
      return killed;
    },
    start(): void {
      stopped = false;
      timer ??= setInterval(() => void tick(), o.tickMs ?? TICK_MS);
      void tick();
    },
    tick,
    /** Ids of the jobs this worker runs now. */
    running: (): number[] => [...running.keys()],
    /** Stops every job; they go back to the queue for the next worker. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      while (ticking) await new Promise((r) => setTimeout(r, 20));
      const all = [...running.values()];
      for (const r of all) {
        if (!r.reason) r.reason = 'stopping';
        r.abort.abort('stopping');
      }
      await Promise.all(all.map((r) => r.done));
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
