import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { isDatabaseUnavailable } from './db-errors.ts';
import { AppError } from './errors.ts';

/**
 * The one place that starts long-running children (nginx, ffmpeg, the worker itself).
 * Each child runs in its own process group so a stop reaches everything it forked; a
 * stop is SIGINT, then SIGKILL after killAfterMs. A child that exits unexpectedly, stops
 * producing progress (staleAfterMs) or fails its health check is restarted with
 * exponential backoff and jitter; a permanent error stops the retries. Every change of
 * state is reported through onState so the caller can write it back where the UI reads it.
 * A child a dead supervisor left running is either killed as an orphan (pidFile) or, when
 * the caller knows it runs the same thing, adopted and watched by its pid (adopt).
 */
export type SupervisedState = 'starting' | 'running' | 'backoff' | 'error' | 'stopped';

export interface SupervisorStatus {
  state: SupervisedState;
  pid: number | null;
  restarts: number;
  lastError: string | null;
  /**
   * The same reason by its catalogue code, when it has one: an error the permanentError check or
   * a failed preparation gave as an AppError, or the command refused at spawn. lastError is its
   * Portuguese text. Null for an exit or a restart, whose reason is the child's own output.
   */
  lastReason: AppError | null;
  since: number;
  /**
   * The child keeps failing: more than `failing.restarts` unplanned restarts within
   * `failing.windowMs`. It is still retried with back-off; cleared once a run has produced
   * progress for `failing.stableMs`. lastError says why.
   */
  failing: boolean;
}

export interface SupervisorOptions {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** 'pipe' lets the child notice that its supervisor died (stdin closes). */
  stdin?: 'ignore' | 'pipe';
  /** Remembers the child's pid so an orphan left by a crashed supervisor is killed on the next start. */
  pidFile?: string;
  /**
   * A child a previous supervisor left running (that supervisor died, the child did not), which
   * the caller has checked runs what this one would run: the first start watches it instead of
   * spawning, if it is still alive and still `command`. It is not our child: its end is noticed
   * by polling (every pollMs), its output is not seen (so only the health check judges it, never
   * staleAfterMs), and it is restarted like any exit when it dies; stop() stops it the same way.
   */
  adopt?: { pid: number; pollMs?: number };
  killAfterMs?: number;
  backoff?: { minMs: number; maxMs: number; resetAfterMs: number };
  /** Without output lines for this long (or progress lines, when isProgress is given) the child is restarted. */
  staleAfterMs?: number;
  isProgress?: (line: string) => boolean;
  /** Polled while the child lives; running only once it passes, restarted after `failures` misses in a row. */
  health?: { check: () => Promise<boolean>; intervalMs: number; failures: number };
  /**
   * Runs before every start (the first and each restart): prepares what the child reads. A
   * rejection is permanent: its message becomes the error and nothing is retried.
   */
  beforeSpawn?: () => Promise<void>;
  /**
   * True when an exit was the child's own planned end (a playout that reached a video of
   * another format): it is started again at once, with no back-off and no restart counted.
   */
  plannedExit?: (code: number | null, signal: NodeJS.Signals | null) => boolean;
  /**
   * When repeated restarts make the child `failing`: more than `restarts` within `windowMs`,
   * in trouble for at least `afterMs` (since the first failure after a good run); cleared once
   * a run has produced progress for `stableMs`. Default: more than 5 in 3 minutes, after 30 s,
   * cleared after 15 s of progress.
   */
  failing?: { restarts: number; windowMs: number; afterMs: number; stableMs: number };
  /**
   * Returns a message when an exit should not be retried (bad configuration, refused credentials),
   * or the AppError that says it by its code.
   */
  permanentError?: (tail: string[], code: number | null) => string | AppError | null;
  onLine?: (line: string) => void;
  onState?: (s: SupervisorStatus) => void;
  log?: (msg: string) => void;
}

export interface Supervisor {
  start(): void;
  stop(): Promise<void>;
  status(): SupervisorStatus;
  /** Resolves once the state is `state` (or rejects after timeoutMs). */
  waitFor(state: SupervisedState, timeoutMs: number): Promise<void>;
}

/**
 * What an exception says, without the value Node quotes after "Received" (a spawn refusing an
 * argument quotes it, and an argument may be a destination address carrying a stream key).
 */
export function errorSummary(e: unknown): string {
  const err = e as NodeJS.ErrnoException | null;
  const text = String(err?.message ?? e).split(/\.?\s*Received\b/)[0]!.trim();
  return err?.code && !text.includes(err.code) ? `${err.code}: ${text}` : text;
}

/**
 * The start time of a live process (field 22 of /proc/<pid>/stat), or null when it is gone or a
 * zombie: a process that is not our child may wait for its reaper, and its pid may be reused.
 */
export function processStartTime(pid: number): string | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // the command name (field 2) is in parentheses and may hold spaces: count from after it
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[0] === 'Z' || fields[0] === 'X' ? null : (fields[19] ?? null);
}

/** The command line of a live process, its arguments joined by spaces ('' when gone or unreadable). */
export function processCommandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

const TAIL = 40;
/** A planned end sooner than this after the start is treated as a failure (no restart loop). */
const PLANNED_MIN_RUN_MS = 1000;

export function createSupervisor(o: SupervisorOptions): Supervisor {
  const killAfterMs = o.killAfterMs ?? 5000;
  const backoff = o.backoff ?? { minMs: 2000, maxMs: 60_000, resetAfterMs: 60_000 };
  const log = o.log ?? (() => {});
  /** The child running now: one we spawned, or one adopted from a previous supervisor (a pid only). */
  let child: { pid?: number | undefined } | null = null;
  let adoptPid = o.adopt?.pid ?? null;
  let wanted = false;
  // a destination or a source away for 20 s is reconnecting, however fast the retries; failing is
  // what does not come right for half a minute and many attempts
  const failingRule = o.failing ?? { restarts: 5, windowMs: 3 * 60_000, afterMs: 30_000, stableMs: 15_000 };
  let status: SupervisorStatus = { state: 'stopped', pid: null, restarts: 0, lastError: null, lastReason: null, since: Date.now(), failing: false };
  /** When each recent unplanned restart happened. */
  let recentRestarts: number[] = [];
  /** The first unplanned exit since the last good run, or null while all is well. */
  let troubleSince: number | null = null;
  /** The next start continues a planned end: the state stays as it is. */
  let continuing = false;
  let attempt = 0;
  let startedAt = 0;
  let lastProgress = 0;
  let healthMisses = 0;
  let timers: NodeJS.Timeout[] = [];
  let restartTimer: NodeJS.Timeout | null = null;
  let exited: Promise<void> = Promise.resolve();
  let resolveExit: () => void = () => {};
  let preparing: Promise<void> = Promise.resolve();
  const tail: string[] = [];
  const waiters = new Set<() => void>();

  function set(patch: Partial<SupervisorStatus>): void {
    const changed = patch.state !== undefined && patch.state !== status.state;
    const failingChanged = patch.failing !== undefined && patch.failing !== status.failing;
    status = { ...status, ...patch, ...(changed ? { since: Date.now() } : {}) };
    if (changed || failingChanged || patch.pid !== undefined) o.onState?.({ ...status });
    for (const w of waiters) w();
  }

  function killGroup(pid: number, sig: NodeJS.Signals): void {
    try {
      process.kill(-pid, sig);
    } catch {
      /* already gone */
    }
  }

  /** A previous supervisor that died hard may have left its child running; it would hold ports. */
  function killOrphan(): void {
    if (!o.pidFile) return;
    const pid = Number.parseInt(fs.readFileSync(o.pidFile, 'utf8').trim() || '0', 10);
    if (!(pid > 1)) return;
    let cmdline = '';
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return;
    }
    // only when it is still our command: the pid may have been reused by something else
    if (!cmdline.includes(path.basename(o.command))) return;
    log(`${o.name}: encerrando processo órfão ${pid}`);
    killGroup(pid, 'SIGKILL');
  }

  function clearTimers(): void {
    for (const t of timers) clearInterval(t);
    timers = [];
  }

  function spawnChild(): void {
    restartTimer = null;
    if (!wanted) return;
    if (!o.beforeSpawn) {
      launch();
      return;
    }
    if (!continuing) set({ state: 'starting', pid: null });
    preparing = o.beforeSpawn().then(
      () => {
        if (wanted) launch();
        else set({ state: 'stopped', pid: null });
      },
      (e: Error) => {
        if (!wanted) return set({ state: 'stopped', pid: null });
        // what the preparation reads was out of reach for a moment (the database restarting):
        // the same arguments may well work in a few seconds, so it is retried like an exit
        if (isDatabaseUnavailable(e)) return backOff(`${o.name}: preparação falhou: ${e.message}`);
        wanted = false;
        log(`${o.name}: erro permanente: ${e.message}`);
        set({ state: 'error', pid: null, lastError: e.message, lastReason: e instanceof AppError ? e : null });
      },
    );
  }

  function launch(): void {
    try {
      killOrphan();
    } catch {
      /* no pid file yet */
    }
    if (!continuing) set({ state: 'starting', pid: null });
    continuing = false;
    let c: ChildProcess;
    try {
      c = spawn(o.command, o.args, {
        cwd: o.cwd,
        env: o.env ?? process.env,
        detached: true, // own process group
        stdio: [o.stdin ?? 'ignore', 'pipe', 'pipe'],
      });
    } catch (e) {
      // spawn throws for what it cannot pass at all (a NUL byte in an argument, an argv too
      // long): the same arguments fail the same way every time, so it is a permanent error, and
      // it must not escape — this may run from start(), a restart timer or after beforeSpawn
      wanted = false;
      const detail = errorSummary(e);
      log(`${o.name}: erro permanente: ${detail}`);
      const reason = new AppError('process_invalid_data', { detalhe: detail });
      set({ state: 'error', pid: null, lastError: reason.message, lastReason: reason });
      return;
    }
    child = c;
    startedAt = Date.now();
    lastProgress = startedAt;
    healthMisses = 0;
    tail.length = 0; // judge each run by its own output
    exited = new Promise((r) => (resolveExit = r));
    const onLine = (line: string) => {
      tail.push(line);
      if (tail.length > TAIL) tail.shift();
      // asked once per line: a progress test may keep state (how much output there was)
      const progress = !o.isProgress || o.isProgress(line);
      if (progress) lastProgress = Date.now();
      if (progress && o.isProgress && status.state === 'starting' && !o.health) set({ state: 'running' });
      if (progress && troubleSince !== null && lastProgress - startedAt >= failingRule.stableMs) {
        recentRestarts = [];
        troubleSince = null;
        if (status.failing) set({ failing: false });
      }
      o.onLine?.(line);
    };
    if (c.stdout) createInterface({ input: c.stdout }).on('line', onLine);
    if (c.stderr) createInterface({ input: c.stderr }).on('line', onLine);
    let ended = false;
    c.on('error', (err) => {
      tail.push(String(err.message));
      log(`${o.name}: ${err.message}`);
      // a command that cannot be spawned (ENOENT) may never emit 'exit'
      if (!c.pid) onExit(null, null);
    });
    c.on('spawn', () => {
      if (o.pidFile && c.pid) {
        fs.mkdirSync(path.dirname(o.pidFile), { recursive: true });
        fs.writeFileSync(o.pidFile, String(c.pid));
      }
      set({ pid: c.pid ?? null, ...(o.health || o.isProgress ? {} : { state: 'running' }) });
    });
    const closed = new Promise<void>((r) => c.once('close', () => r()));
    c.once('exit', (code, signal) => onExit(code, signal));
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (ended) return;
      ended = true;
      void finish(c, code, signal, closed);
    };
    watch(c);
  }

  /**
   * Watches a child a previous supervisor left running: alive while /proc says the same process
   * (same start time) is there; its end is handled like any exit.
   */
  function adoptRun(pid: number): void {
    const run = { pid };
    const startTime = processStartTime(pid);
    child = run;
    startedAt = Date.now();
    lastProgress = startedAt;
    healthMisses = 0;
    tail.length = 0;
    exited = new Promise((r) => (resolveExit = r));
    log(`${o.name}: processo ${pid} de uma execução anterior adotado`);
    try {
      if (o.pidFile) fs.writeFileSync(o.pidFile, String(pid));
    } catch {
      /* it was there already: the pid came from it */
    }
    // no output is seen, so only a health check can hold it in 'starting'
    set({ state: o.health ? 'starting' : 'running', pid });
    let ended = false;
    const poll = setInterval(() => {
      if (ended || processStartTime(pid) === startTime) return;
      ended = true;
      clearInterval(poll);
      void finish(run, null, null, Promise.resolve());
    }, o.adopt?.pollMs ?? 250);
    timers.push(poll);
    watch(run, { adopted: true });
  }

  /** The end of a run (spawned or adopted): a restart with back-off, a planned continuation, or an error. */
  async function finish(c: { pid?: number | undefined }, code: number | null, signal: NodeJS.Signals | null, closed: Promise<void>): Promise<void> {
    // the group may still hold forked workers (nginx keeps its ports, and our pipes, open after
    // the master dies): end them, then let the last output lines arrive before judging the exit
    if (c.pid) killGroup(c.pid, 'SIGKILL');
    await Promise.race([closed, new Promise((r) => setTimeout(r, 1000))]);
    clearTimers();
    child = null;
    resolveExit();
    if (!wanted) {
      set({ state: 'stopped', pid: null });
      return;
    }
    if (o.plannedExit?.(code, signal) && Date.now() - startedAt >= PLANNED_MIN_RUN_MS) {
      log(`${o.name}: fim planejado da execução; continua`);
      continuing = true;
      set({ pid: null });
      spawnChild();
      return;
    }
    const reason = `${o.name} terminou (código ${code ?? '-'}${signal ? `, sinal ${signal}` : ''}): ${tail.slice(-3).join(' | ')}`;
    const permanent = o.permanentError?.(tail, code) ?? null;
    if (permanent) {
      wanted = false;
      const text = typeof permanent === 'string' ? permanent : permanent.message;
      log(`${o.name}: erro permanente: ${text}`);
      set({ state: 'error', pid: null, lastError: text, lastReason: typeof permanent === 'string' ? null : permanent });
      return;
    }
    backOff(reason);
  }

  /** Counts an unplanned end and schedules the next start after the back-off. */
  function backOff(reason: string): void {
    if (Date.now() - startedAt >= backoff.resetAfterMs) attempt = 0;
    const base = Math.min(backoff.maxMs, backoff.minMs * 2 ** attempt);
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    attempt += 1;
    log(`${reason}; reiniciando em ${delay} ms`);
    const now = Date.now();
    recentRestarts = [...recentRestarts.filter((t) => now - t < failingRule.windowMs), now];
    troubleSince ??= now;
    const failing = recentRestarts.length > failingRule.restarts && now - troubleSince >= failingRule.afterMs;
    set({ state: 'backoff', pid: null, restarts: status.restarts + 1, lastError: reason, lastReason: null, failing });
    restartTimer = setTimeout(spawnChild, delay);
  }

  function restart(c: { pid?: number | undefined }, why: string): void {
    if (child !== c || !c.pid) return;
    log(`${o.name}: ${why}; reiniciando`);
    tail.push(why);
    killGroup(c.pid, 'SIGKILL'); // 'close' schedules the restart
  }

  function watch(c: { pid?: number | undefined }, opts: { adopted?: boolean } = {}): void {
    if (o.staleAfterMs && !opts.adopted) {
      const stale = o.staleAfterMs;
      timers.push(setInterval(() => {
        if (Date.now() - lastProgress > stale) restart(c, `sem progresso há ${Math.round(stale / 1000)} s`);
      }, Math.min(1000, stale)));
    }
    if (o.health) {
      const h = o.health;
      let busy = false;
      const probe = async () => {
        if (busy || child !== c) return;
        busy = true;
        const ok = await h.check().catch(() => false);
        busy = false;
        if (child !== c) return;
        if (ok) {
          healthMisses = 0;
          if (status.state === 'starting') set({ state: 'running' });
        } else if (++healthMisses >= h.failures) {
          restart(c, `não responde à verificação de saúde (${healthMisses} falhas)`);
        }
      };
      timers.push(setInterval(() => void probe(), h.intervalMs));
      setTimeout(() => void probe(), Math.min(200, h.intervalMs));
    }
  }

  return {
    start() {
      if (wanted) return;
      wanted = true;
      attempt = 0;
      recentRestarts = [];
      troubleSince = null;
      continuing = false;
      status = { ...status, failing: false };
      const adopted = adoptPid;
      adoptPid = null;
      // only while it is still alive and still our command: the pid may have been reused since
      if (adopted && processStartTime(adopted) !== null && processCommandLine(adopted).includes(path.basename(o.command))) {
        adoptRun(adopted);
        return;
      }
      spawnChild();
    },
    async stop() {
      wanted = false;
      if (restartTimer) clearTimeout(restartTimer);
      restartTimer = null;
      await preparing;
      const c = child;
      if (!c?.pid) {
        set({ state: 'stopped', pid: null });
        return;
      }
      killGroup(c.pid, 'SIGINT');
      const timer = setTimeout(() => c.pid && killGroup(c.pid, 'SIGKILL'), killAfterMs);
      await exited;
      clearTimeout(timer);
      if (o.pidFile) fs.rmSync(o.pidFile, { force: true });
    },
    status: () => ({ ...status }),
    waitFor(state, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (status.state !== state) return;
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${o.name}: estado ${state} não alcançado em ${timeoutMs} ms (atual: ${status.state})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
