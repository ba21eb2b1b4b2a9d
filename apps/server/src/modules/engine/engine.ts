import fs from 'node:fs';
import { isSuspended, type ServerErrorCode } from '@painel/contract';
import { nowIso, type Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProcessState } from './engine.table.ts';
import { killGroup, pidsWithEnv } from '../../platform/exec.ts';
import { createSupervisor, errorSummary, type Supervisor, type SupervisorOptions, type SupervisorStatus } from '../../platform/supervisor.ts';
import type { ObservedPatch, ProcessesRepo, ProcessRow } from './processes.repo.ts';

/**
 * What a kind of process (restream, playout; relays later) runs for one row: built fresh
 * when the row is taken up, so a changed key or a guard that now refuses is seen at once.
 */
export interface ChildSpec {
  command: string;
  args: string[];
  /** Hides secrets (a stream key in the destination address) from every log line. */
  redact: (text: string) => string;
  /** Called for each output line of the current run; true when it proves the output grew. */
  progress: () => (line: string) => boolean;
  /** After a run ends: the reason, by its code, when retrying cannot help (a refused key), else null. */
  permanent: (tail: string[], sentMedia: boolean) => AppError | null;
  /** Runs before every start of the child (the first and each restart); a rejection ends the row in error. */
  prepare?: () => Promise<void>;
  /** Follows one run of the child (its pid) from its start; the returned function is called when that run ends. */
  attach?: (pid: number) => () => void;
  /** True when a run's exit was its own planned end (the playout's next format): the next run starts at once. */
  planned?: (code: number | null) => boolean;
  /** The child's whole environment, when not the worker's own (a relay's, pointing at its guarded proxy). */
  env?: NodeJS.ProcessEnv;
  /** Releases what the spec holds (a relay's proxy) once the row's child is gone for good. */
  dispose?: () => void;
}

/**
 * Builds the child of a row, or throws why it cannot run: an AppError (its code and values, and
 * its Portuguese text) becomes the row's error; any other exception is the panel's own failure
 * (process_failed), its message kept as the row's text.
 */
export type ChildFactory = (row: ProcessRow) => Promise<ChildSpec>;

export interface EngineOptions {
  db: Db;
  repo: ProcessesRepo;
  nodeId: number;
  /** Marks this engine's children, so the next run of the worker finds the ones a crash left behind. */
  tag: string;
  factories: Partial<Record<ProcessRow['kind'], ChildFactory>>;
  backoff?: SupervisorOptions['backoff'];
  staleAfterMs?: number;
  /**
   * At most this many children starting at once (spawned, no output yet); the other rows wait
   * for a later pass. Fifty channels taken up together (a worker's restart) do not swamp the
   * machine, and the first ones are not judged stale while the last ones start.
   */
  maxStarting?: number;
  /** How often a step that failed because the database is away is tried again. */
  dbRetryMs?: number;
  log?: (m: string) => void;
}

interface Running {
  row: ProcessRow;
  sup: Supervisor;
  /** Set once the child produced media in this run. */
  everLive: boolean;
  stopping: boolean;
  /** Spawned (or being prepared) and no output yet: counts against maxStarting. */
  starting: boolean;
  /** Ends the spec's watch of the current run. */
  detach: (() => void) | null;
  dispose: (() => void) | undefined;
}

/** A row as a tick reads it: with its account's state and its broadcast's. */
type NodeRow = Awaited<ReturnType<ProcessesRepo['ofNode']>>[number];

/** A row's reason: its Portuguese text, its catalogue code and the code's values (JSON). */
type ErrorColumns = Required<Pick<ObservedPatch, 'error' | 'error_code' | 'error_values'>>;
const NO_ERROR: ErrorColumns = { error: null, error_code: null, error_values: null };

/** A reason given by its code, with the secrets of the row (a stream key) hidden in its text and in each of its values. */
function coded(e: { code: ServerErrorCode; values?: unknown; message: string }, redact: (text: string) => string = (t) => t): ErrorColumns {
  const values = e.values as Record<string, unknown> | undefined;
  const hidden = values && Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? redact(v) : v]));
  return { error: redact(e.message), error_code: e.code, error_values: hidden ? JSON.stringify(hidden) : null };
}

/** An exception that ended a row: an AppError as its code says; anything else the panel's own failure, its text kept. */
const thrown = (e: unknown, redact: (text: string) => string = (t) => t): ErrorColumns =>
  e instanceof AppError ? coded(e, redact) : { error: redact(String((e as Error)?.message ?? e)), error_code: 'process_failed', error_values: null };

/** The program's own last lines (ffmpeg's), shown as they are in every language. */
const output = (text: string): ErrorColumns => coded(new AppError('process_output', { detalhe: text }));

const ENV_TAG = 'PAINEL_ENGINE';
const ENV_ID = 'PAINEL_PROCESS';
const MAX_STARTING = 16;
const DB_RETRY_MS = 1000;
/** How long a killed orphan may take to go before its row's new child starts anyway. */
const ORPHAN_GONE_MS = 2000;

/**
 * Errors that say the database is away (PostgreSQL restarting, a connection cut, SQLite busy or
 * its disk failing), not that the row is wrong: the step is retried, the row never ends in error.
 */
function looksLikeDbAway(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  const code = typeof err?.code === 'string' ? err.code : '';
  if (/^(08|57P0[123]|53)/.test(code) || /^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|PROTOCOL)/.test(code)) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error|database is locked/i.test(String(err?.message ?? ''));
}

/**
 * The worker's half of the media engine. Each tick it reads its node's rows, starts a
 * supervised child for every row that should run now, stops the children whose row no longer
 * wants them (stopped, past its end, removed) and writes back the observed state. A child
 * that stops producing output is restarted, without a cap on retries, until its end time; a
 * destination that refuses the stream ends it in `error` with the reason.
 */
export function createEngine(o: EngineOptions) {
  const { db, repo, nodeId } = o;
  const log = o.log ?? ((m: string) => console.log(`[engine] ${m}`));
  const children = new Map<number, Running>();
  const maxStarting = o.maxStarting ?? MAX_STARTING;
  const dbRetryMs = o.dbRetryMs ?? DB_RETRY_MS;
  /** Children a previous worker left running, by row: each goes just before its row's new child starts, or when its row is not run. */
  const orphans = new Map<number, number[]>();
  let writes: Promise<void> = Promise.resolve();
  /** Observations not written yet (the database was away), merged per row: the next pass writes them. */
  const unsaved = new Map<number, ObservedPatch>();
  let savesFailing = false;
  /** A row waited for a start slot in the last pass: a slot that frees runs another pass at once. */
  let deferred = false;
  let kickTimer: NodeJS.Timeout | null = null;
  let reconciling: Promise<void> = Promise.resolve();
  let stopped = false;

  /**
   * Serialised, so an older observation never overwrites a newer one. One that fails (the
   * database away) is kept, merged with what follows for the row, and written by a later pass;
   * the children never wait for it.
   */
  function observe(id: number, patch: ObservedPatch): Promise<void> {
    unsaved.set(id, { ...unsaved.get(id), ...patch });
    return save(id);
  }

  function save(id: number): Promise<void> {
    writes = writes.then(async () => {
      const patch = unsaved.get(id);
      if (!patch) return; // written by an earlier save
      try {
        await repo.observe(db, id, patch);
        if (unsaved.get(id) === patch) unsaved.delete(id);
        if (savesFailing && !unsaved.size) {
          savesFailing = false;
          log('estados dos processos gravados de novo');
        }
      } catch (e) {
        // once per outage, not once per row and pass
        if (!savesFailing) log(`estado do processo ${id} não gravado; nova tentativa na próxima passada: ${errorSummary(e)}`);
        savesFailing = true;
      }
    });
    return writes;
  }

  /** True when a step's error came from the database being away, not from the row. */
  async function dbAway(e: unknown): Promise<boolean> {
    if (looksLikeDbAway(e)) return true;
    try {
      await repo.ping(db);
      return false;
    } catch {
      return true;
    }
  }

  /** Runs one start of a child's preparation, again and again while the database is away (not while its row stops). */
  async function untilDb(step: () => Promise<void>, entry: Running): Promise<void> {
    for (let logged = false; ;) {
      try {
        return await step();
      } catch (e) {
        if (entry.stopping || !(await dbAway(e))) throw e;
        if (!logged) log(`processo ${entry.row.id}: banco de dados indisponível ao preparar; nova tentativa a cada ${dbRetryMs} ms`);
        logged = true;
        await new Promise((r) => setTimeout(r, dbRetryMs));
        if (entry.stopping) throw e;
      }
    }
  }

  /** Children whose start is under way (maxStarting). */
  const startingNow = () => [...children.values()].filter((r) => r.starting).length;

  /** A start slot freed while rows wait for one: another pass now, not at the next tick. */
  function kick(): void {
    if (!deferred || kickTimer || stopped) return;
    kickTimer = setTimeout(() => {
      kickTimer = null;
      void reconcile().catch((e: Error) => log(`reconciliação: ${errorSummary(e)}`));
    }, 50);
  }

  /** Ends what a previous worker left running for a row, and waits (briefly) until it is gone. */
  async function endOrphans(id: number): Promise<void> {
    const found = orphans.get(id);
    if (!found) return;
    orphans.delete(id);
    // still ours: one that ended by itself meanwhile may have left its pid to another process
    const pids = found.filter((pid) => envOf(pid)?.get(ENV_TAG) === o.tag);
    for (const pid of pids) killGroup(pid);
    const until = Date.now() + ORPHAN_GONE_MS;
    while (pids.some(running) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  }

  const stateOf = (r: Running, s: SupervisorStatus): ProcessState | null => {
    // restarting over and over: the owner sees that and why, not 'No ar' between two failures
    if (s.failing && s.state !== 'error' && s.state !== 'stopped') return 'failing';
    switch (s.state) {
      case 'starting': return r.everLive || s.restarts > 0 ? 'reconnecting' : 'starting';
      case 'running': return 'live';
      case 'backoff': return 'reconnecting';
      case 'error': return 'error';
      case 'stopped': return null; // the stop itself writes what comes next
    }
  };

  async function spawn(row: ProcessRow): Promise<void> {
    let spec: ChildSpec;
    try {
      const factory = o.factories[row.kind];
      if (!factory) throw new AppError('process_kind_unknown', { kind: row.kind });
      spec = await factory(row);
    } catch (e) {
      if (await dbAway(e)) {
        // the row is not at fault: the next pass builds it again
        log(`processo ${row.id}: banco de dados indisponível ao iniciar; nova tentativa na próxima passada`);
        return;
      }
      // nothing to retry: the address is refused or the row is incomplete
      await observe(row.id, { state: 'error', ...thrown(e), desired: 'stopped', pid: null, state_at: nowIso() });
      return;
    }
    let registered = false;
    try {
      start(row, spec, () => (registered = true));
    } catch (e) {
      // the spec's own code failed, not the child: release what it holds (a registered child
      // is stopped, and released, by fail) and end this row only
      if (!registered) spec.dispose?.();
      await fail(row.id, e, spec.redact);
    }
  }

  /** Starts the supervised child of a row; `register` is called once the row's entry is in `children`. */
  function start(row: ProcessRow, spec: ChildSpec, register: () => void): void {
    let grew = spec.progress();
    let sentMedia = false;
    let lastPid: number | null = null;
    const entry: Running = { row, everLive: false, stopping: false, starting: true, detach: null, dispose: spec.dispose, sup: undefined as unknown as Supervisor };
    const prepare = spec.prepare;
    // the previous worker's child of this row goes once the new one is ready to start: nginx
    // takes one publisher per channel, and the channel is off air only for that moment
    const beforeSpawn = prepare || orphans.has(row.id)
      ? async () => {
        if (prepare) await untilDb(prepare, entry);
        await endOrphans(row.id);
      }
      : undefined;
    const follow = (pid: number | null) => {
      entry.detach?.();
      entry.detach = pid !== null && spec.attach ? spec.attach(pid) : null;
    };
    entry.sup = createSupervisor({
      name: `${row.kind} ${row.id}`,
      command: spec.command,
      args: spec.args,
      env: { ...(spec.env ?? process.env), [ENV_TAG]: o.tag, [ENV_ID]: String(row.id) },
      ...(o.backoff ? { backoff: o.backoff } : {}),
      staleAfterMs: o.staleAfterMs ?? 15_000,
      ...(beforeSpawn ? { beforeSpawn } : {}),
      ...(spec.planned ? { plannedExit: spec.planned } : {}),
      isProgress: (line) => {
        const ok = grew(line);
        if (ok) sentMedia = true;
        return ok;
      },
      permanentError: (tail) => spec.permanent(tail.map(spec.redact), sentMedia),
      log: (m) => log(spec.redact(m)),
      onState: (s) => {
        if (s.pid === null || s.pid !== lastPid) {
          lastPid = s.pid;
          follow(s.pid);
          // each run is judged by its own output
          grew = spec.progress();
          sentMedia = false;
        }
        const wasStarting = entry.starting;
        entry.starting = s.state === 'starting';
        if (wasStarting && !entry.starting) kick();
        if (entry.stopping) return;
        const state = stateOf(entry, s);
        if (!state) return;
        const at = nowIso();
        // failing: the last run's end, in the program's own words; an error: why it cannot run
        const patch: ObservedPatch = { state, pid: s.pid, restarts: s.restarts, state_at: at, ...(state === 'failing' && s.lastError ? output(spec.redact(s.lastError)) : NO_ERROR) };
        if (state === 'live' && !entry.everLive) {
          entry.everLive = true;
          if (!row.started_at) patch.started_at = at;
        }
        if (state === 'error') {
          // the spec's permanent reason, a preparation that said why, or the command refused at spawn,
          // by their code; a preparation that failed otherwise is the panel's own failure
          Object.assign(patch, s.lastReason ? coded(s.lastReason, spec.redact) : s.lastError ? thrown(new Error(s.lastError), spec.redact) : NO_ERROR);
          patch.desired = 'stopped';
          children.delete(row.id);
          entry.dispose?.();
          kick();
        }
        void observe(row.id, patch);
      },
    });
    children.set(row.id, entry);
    register();
    entry.sup.start();
  }

  /**
   * Ends one row in error after an exception of its own (a bug in its spec, a failed step): its
   * child, if any, is stopped and the reason written, while the other rows go on. The row gets
   * the catalogue's reason; the detail, redacted and without quoted values, goes to the log.
   */
  async function fail(id: number, e: unknown, redact: (text: string) => string = (t) => t): Promise<void> {
    log(`processo ${id}: ${redact(errorSummary(e))}`);
    try {
      await stopChild(id, null);
    } catch (err) {
      log(`processo ${id}: filho não encerrado: ${redact(errorSummary(err))}`);
    }
    await observe(id, { desired: 'stopped', state: 'error', ...coded(new AppError('process_failed')), pid: null, state_at: nowIso() });
  }

  async function stopChild(id: number, final: { state: ProcessState; ended: boolean } | null): Promise<void> {
    const r = children.get(id);
    if (!r) return;
    r.stopping = true;
    r.starting = false;
    children.delete(id);
    kick();
    await r.sup.stop();
    r.detach?.();
    r.detach = null;
    r.dispose?.();
    if (final) {
      const at = nowIso();
      await observe(id, { state: final.state, pid: null, state_at: at, ...NO_ERROR, ...(final.ended ? { ended_at: at } : {}) });
    } else {
      await observe(id, { pid: null });
    }
  }

  /** One row of a tick: what its desired state, its times, its account and its broadcast ask for now. */
  async function reconcileRow(row: NodeRow, now: number): Promise<void> {
    // past its end time, or its broadcast is over
    const ended = (row.end_at !== null && Date.parse(row.end_at) <= now) || row.transmission_status === 'ended';
    if (row.desired === 'running' && isSuspended(row.suspension)) {
      await endOrphans(row.id);
      await stopChild(row.id, null);
      await observe(row.id, { desired: 'stopped', state: 'error', ...coded(new AppError('account_disabled')), pid: null, state_at: nowIso() });
      return;
    }
    if (row.desired === 'running' && ended) {
      await endOrphans(row.id);
      await stopChild(row.id, null);
      const at = nowIso();
      await observe(row.id, { desired: 'stopped', state: 'finished', pid: null, state_at: at, ended_at: at, ...NO_ERROR });
      return;
    }
    if (row.desired !== 'running') {
      await endOrphans(row.id);
      if (children.has(row.id)) await stopChild(row.id, { state: 'finished', ended: true });
      else if (row.pid !== null) await observe(row.id, { pid: null });
      return;
    }
    if (row.held) {
      // another source has the channel: nothing of this row runs until it is released
      await endOrphans(row.id);
      if (children.has(row.id)) await stopChild(row.id, null);
      if (row.state !== 'held' || row.pid !== null) await observe(row.id, { state: 'held', pid: null, state_at: nowIso() });
      return;
    }
    // not yet time: only for a row that never started (the clock moved back an hour after a start
    // leaves the running child and its state alone)
    if (Date.parse(row.start_at) > now && !children.has(row.id) && !row.started_at) {
      await endOrphans(row.id);
      if (row.state !== 'scheduled') await observe(row.id, { state: 'scheduled', state_at: nowIso() });
      return;
    }
    const current = children.get(row.id);
    if (current) {
      current.row = row;
    } else if (row.state === 'error' || unsaved.get(row.id)?.state === 'error') {
      // ended in error, also when the database has not taken that yet (a full disk): a new run would overwrite why
      await endOrphans(row.id);
    } else if (startingNow() >= maxStarting) {
      // a later pass starts it (the left-over child, if any, keeps the channel on air meanwhile)
      deferred = true;
    } else {
      await spawn(row);
    }
  }

  /** One pass over the node's rows (serialised: a pass a freed start slot runs never overlaps the worker's). */
  async function reconcileOnce(now: number): Promise<void> {
    // observations the database missed while it was away
    for (const id of [...unsaved.keys()]) void save(id);
    const rows = await repo.ofNode(db, nodeId);
    deferred = false;
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(row.id);
      // one row's failure (another tenant's bad data, a bug in one spec) never stops the rest
      try {
        await reconcileRow(row, now);
      } catch (e) {
        await fail(row.id, e);
      }
    }
    // rows removed (or moved to another node) while their child runs
    for (const id of [...children.keys()]) {
      if (seen.has(id)) continue;
      try {
        await stopChild(id, null);
      } catch (e) {
        log(`processo ${id}: filho não encerrado: ${errorSummary(e)}`);
      }
    }
    for (const id of [...orphans.keys()]) if (!seen.has(id)) await endOrphans(id);
  }

  function reconcile(now?: number): Promise<void> {
    const run = reconciling.then(() => reconcileOnce(now ?? Date.now()));
    reconciling = run.catch(() => undefined);
    return run;
  }

  return {
    /**
     * Before the first tick: children a crashed or killed worker left behind would push a
     * second copy of the same stream. They are found by the process group each row recorded
     * and, for rows removed meanwhile, by this engine's tag in their environment. The ones of
     * rows that still run stay on air until their row's new child starts (each channel is off
     * air for a moment, not for the whole restart); the others go now. Returns how many were found.
     */
    async adoptOrphans(): Promise<number> {
      const found = new Map<number, Set<number>>();
      const add = (id: number, pid: number) => found.set(id, (found.get(id) ?? new Set()).add(pid));
      for (const r of await repo.withPid(db, nodeId)) {
        if (r.pid && envOf(r.pid)?.get(ENV_TAG) === o.tag) add(r.id, r.pid);
        await repo.observe(db, r.id, { pid: null });
      }
      for (const pid of pidsWithEnv([`${ENV_TAG}=${o.tag}`])) add(Number(envOf(pid)?.get(ENV_ID) ?? 0), pid);
      const runs = new Set((await repo.ofNode(db, nodeId)).filter((r) => r.desired === 'running' && o.factories[r.kind]).map((r) => r.id));
      let count = 0;
      for (const [id, pids] of found) {
        count += pids.size;
        orphans.set(id, [...pids]);
        if (!runs.has(id)) await endOrphans(id);
      }
      if (count) log(`${count} processo(s) de uma execução anterior encontrado(s); cada um sai quando o seu substituto inicia`);
      return count;
    },

    reconcile,

    /** Stops every child; the rows keep their desired state, so the next worker resumes them. */
    async stop(): Promise<void> {
      stopped = true;
      if (kickTimer) clearTimeout(kickTimer);
      kickTimer = null;
      await reconciling;
      for (const id of [...orphans.keys()]) await endOrphans(id);
      for (const id of [...children.keys()]) {
        await stopChild(id, null);
        // nothing is pushed until a worker takes the row up again
        await observe(id, { state: 'reconnecting', state_at: nowIso() });
      }
      await writes;
    },

    /** Ids of the rows with a child right now (tests, health). */
    running: (): number[] => [...children.keys()],
  };
}
export type Engine = ReturnType<typeof createEngine>;



/** Still running: not gone and not a zombie (an orphan's new parent may reap it late). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** A process's environment, or undefined when it is gone or not ours to read. */
function envOf(pid: number): Map<string, string> | undefined {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
    return new Map(raw.split('\0').filter(Boolean).map((kv) => {
      const i = kv.indexOf('=');
      return [kv.slice(0, i), kv.slice(i + 1)] as [string, string];
    }));
  } catch {
    return undefined;
  }
}
