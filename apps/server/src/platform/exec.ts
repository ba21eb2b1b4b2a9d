import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';

export interface ExecResult {
  code: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * Runs a short-lived tool (ffprobe) and collects its output. Always an argv array, never a
 * shell; killed with SIGKILL past the timeout so a hostile file cannot hold a request.
 * Long-running media children belong to the supervisor, not here.
 */
export function execCapture(cmd: string, args: string[], opts: { timeoutMs: number; maxBytes?: number; env?: NodeJS.ProcessEnv; signal?: AbortSignal }): Promise<ExecResult> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { timeout: opts.timeoutMs, killSignal: 'SIGKILL', maxBuffer: opts.maxBytes ?? 4 * 1024 * 1024, windowsHide: true, ...(opts.env ? { env: opts.env } : {}), ...(opts.signal ? { signal: opts.signal } : {}) },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { killed?: boolean; code?: number | string }) | null;
        const code = e ? (typeof e.code === 'number' ? e.code : -1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr), timedOut: !!e?.killed });
      },
    );
  });
}

export interface ChildRun {
  /** Exit code, or null when a signal ended it. */
  code: number | null;
  /** The last output lines (stderr and stdout), for the error message. */
  tail: string[];
  timedOut: boolean;
  aborted: boolean;
}

export interface ChildRunOptions {
  /** Aborting kills the child's whole process group (a cancel, a lost claim, the worker stopping). */
  signal: AbortSignal;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs?: number;
  /** Every output line, as it arrives. */
  onLine?: (line: string) => void;
  /** The child's pid, which is also its process group. */
  onSpawn?: (pid: number) => void;
  tailLines?: number;
}

/**
 * Runs one finite child of a job (yt-dlp, a conversion's ffmpeg) to its end: an argv array,
 * never a shell; its own process group, so a kill reaches what it started (yt-dlp's ffmpeg);
 * killed with SIGKILL on abort or past the timeout.
 */
export function runChild(cmd: string, args: string[], opts: ChildRunOptions): Promise<ChildRun> {
  return new Promise((resolve) => {
    const tail: string[] = [];
    const keep = opts.tailLines ?? 30;
    let timedOut = false;
    let aborted = false;
    let settled = false;
    const child = spawn(cmd, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: opts.env ?? process.env, cwd: opts.cwd, windowsHide: true });
    const kill = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    };
    const onAbort = () => {
      aborted = true;
      kill();
    };
    const timer = opts.timeoutMs ? setTimeout(() => { timedOut = true; kill(); }, opts.timeoutMs) : undefined;
    opts.signal.addEventListener('abort', onAbort, { once: true });
    if (opts.signal.aborted) onAbort();
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const parts = (rest + chunk).split(/\r\n|\r|\n/);
        rest = parts.pop() ?? '';
        if (rest.length > 64 * 1024) rest = rest.slice(-64 * 1024);
        for (const line of parts) {
          if (!line) continue;
          tail.push(line);
          if (tail.length > keep) tail.shift();
          opts.onLine?.(line);
        }
      });
    }
    const finish = (code: number | null) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      opts.signal.removeEventListener('abort', onAbort);
      kill(); // what the child left running in its group goes with it
      resolve({ code, tail, timedOut, aborted });
    };
    child.once('spawn', () => child.pid !== undefined && opts.onSpawn?.(child.pid));
    child.once('error', (e) => {
      tail.push(e.message);
      finish(-1);
    });
    child.once('close', (code) => finish(code));
  });
}

/**
 * Processes (other than this one) whose environment holds every one of `entries`
 * (`NAME=value`): how the engine and the job queue find the children a killed worker left
 * running, by the tag they gave them.
 */
export function pidsWithEnv(entries: string[]): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid) continue;
    try {
      const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (entries.every((e) => env.includes(e))) out.push(pid);
    } catch {
      /* gone, or not ours to read */
    }
  }
  return out;
}

/** Kills a child's whole process group (its pid leads it), or the process alone. */
export function killGroup(pid: number): void {
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
