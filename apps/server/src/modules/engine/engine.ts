import fs from 'node:fs';
import { msg } from '@painel/contract';
import { nowIso, type Db } from '../../platform/db.ts';
import type { ProcessState } from './engine.table.ts';
import { pidsWithEnv } from '../../platform/exec.ts';
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
  /** After a run ends: a Portuguese reason when retrying cannot help, else null. */
  permanent: (tail: string[], sentMedia: boolean) => string | null;
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

/** Builds the child of a row, or throws an Error whose message (Portuguese) becomes the row's error. */
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
  log?: (m: string) => void;
}

interface Running {
  row: ProcessRow;
  sup: Supervisor;
  /** Set once the child produced media in this run. */
  everLive: boolean;
  stopping: boolean;
  /** Ends the spec's watch of the current run. */
  detach: (() => void) | null;
  dispose: (() => void) | undefined;
}

/** A row as a tick reads it: with its account's state and its broadcast's. */
type NodeRow = Awaited<ReturnType<ProcessesRepo['ofNode']>>[number];

const ENV_TAG = 'PAINEL_ENGINE';
const ENV_ID = 'PAINEL_PROCESS';

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
  let writes: Promise<void> = Promise.resolve();

  /** Serialised, so an older observation never overwrites a newer one. */
  function observe(id: number, patch: ObservedPatch): Promise<void> {
    writes = writes.then(() => repo.observe(db, id, patch)).then(() => undefined, (e: Error) => log(`estado do processo ${id} não gravado: ${e.message}`));
    return writes;
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
      if (!factory) throw new Error(`${row.kind}: ${msg.notFound}`);
      spec = await factory(row);
    } catch (e) {
      // nothing to retry: the address is refused or the row is incomplete
      await observe(row.id, { state: 'error', error: (e as Error).message, desired: 'stopped', pid: null, state_at: nowIso() });
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
    const entry: Running = { row, everLive: false, stopping: false, detach: null, dispose: spec.dispose, sup: undefined as unknown as Supervisor };
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
      ...(spec.prepare ? { beforeSpawn: spec.prepare } : {}),
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
        if (entry.stopping) return;
        const state = stateOf(entry, s);
        if (!state) return;
        const at = nowIso();
        const patch: ObservedPatch = { state, pid: s.pid, restarts: s.restarts, state_at: at, error: state === 'failing' && s.lastError ? spec.redact(s.lastError) : null };
        if (state === 'live' && !entry.everLive) {
          entry.everLive = true;
          if (!row.started_at) patch.started_at = at;
        }
        if (state === 'error') {
          patch.error = s.lastError && spec.redact(s.lastError);
          patch.desired = 'stopped';
          children.delete(row.id);
          entry.dispose?.();
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
    await observe(id, { desired: 'stopped', state: 'error', error: msg.processFailed, pid: null, state_at: nowIso() });
  }

  async function stopChild(id: number, final: { state: ProcessState; ended: boolean } | null): Promise<void> {
    const r = children.get(id);
    if (!r) return;
    r.stopping = true;
    children.delete(id);
    await r.sup.stop();
    r.detach?.();
    r.detach = null;
    r.dispose?.();
    if (final) {
      const at = nowIso();
      await observe(id, { state: final.state, pid: null, state_at: at, error: null, ...(final.ended ? { ended_at: at } : {}) });
    } else {
      await observe(id, { pid: null });
    }
  }

  /** One row of a tick: what its desired state, its times, its account and its broadcast ask for now. */
  async function reconcileRow(row: NodeRow, now: number): Promise<void> {
    // past its end time, or its broadcast is over
    const ended = (row.end_at !== null && Date.parse(row.end_at) <= now) || row.transmission_status === 'ended';
    if (row.desired === 'running' && row.disabled) {
      await stopChild(row.id, null);
      await observe(row.id, { desired: 'stopped', state: 'error', error: msg.accountDisabled, pid: null, state_at: nowIso() });
      return;
    }
    if (row.desired === 'running' && ended) {
      await stopChild(row.id, null);
      const at = nowIso();
      await observe(row.id, { desired: 'stopped', state: 'finished', pid: null, state_at: at, ended_at: at, error: null });
      return;
    }
    if (row.desired !== 'running') {
      if (children.has(row.id)) await stopChild(row.id, { state: 'finished', ended: true });
      else if (row.pid !== null) await observe(row.id, { pid: null });
      return;
    }
    if (row.held) {
      // another source has the channel: nothing of this row runs until it is released
      if (children.has(row.id)) await stopChild(row.id, null);
      if (row.state !== 'held' || row.pid !== null) await observe(row.id, { state: 'held', pid: null, state_at: nowIso() });
      return;
    }
    if (Date.parse(row.start_at) > now) {
      if (row.state !== 'scheduled') await observe(row.id, { state: 'scheduled', state_at: nowIso() });
      return;
    }
    const running = children.get(row.id);
    if (running) running.row = row;
    else if (row.state !== 'error') await spawn(row);
  }

  return {
    /**
     * Before the first tick: children a crashed or killed worker left behind would push a
     * second copy of the same stream. They are found by the process group each row recorded
     * and, for rows removed meanwhile, by this engine's tag in their environment.
     */
    async adoptOrphans(): Promise<number> {
      const victims = new Set<number>();
      for (const r of await repo.withPid(db, nodeId)) {
        if (r.pid && envOf(r.pid)?.get(ENV_TAG) === o.tag) victims.add(r.pid);
        await repo.observe(db, r.id, { pid: null });
      }
      for (const pid of pidsWithEnv([`${ENV_TAG}=${o.tag}`])) victims.add(pid);
      for (const pid of victims) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            /* gone already */
          }
        }
      }
      if (victims.size) log(`${victims.size} processo(s) de uma execução anterior encerrado(s)`);
      return victims.size;
    },

    async reconcile(now = Date.now()): Promise<void> {
      const rows = await repo.ofNode(db, nodeId);
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
    },

    /** Stops every child; the rows keep their desired state, so the next worker resumes them. */
    async stop(): Promise<void> {
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
