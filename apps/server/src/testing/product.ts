import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../platform/ports.ts';
import { alive } from './processes.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

export interface Stack {
  baseUrl: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** The pid of start.ts, the process `./painel start` runs. */
  pid: number;
  /** `./painel user …` against this stack's data. */
  user(...args: string[]): Promise<string>;
  /** `streamings`: a reseller's pool, how many streamings it may create (`--streamings N`); `espaco`: the plan's storage in MB. */
  addAccount(opts?: { nome?: string; tipo?: 'streaming' | 'revenda'; bitrate?: number; streamings?: number; espaco?: number }): Promise<{ email: string; usuario: string; password: string; nome: string }>;
  /** The pid of start.ts's child running `entry` (the API: main.ts; the worker: worker.ts), or null while there is none. */
  childPid(entry: 'main.ts' | 'worker.ts'): number | null;
  stop(): Promise<void>;
}

let seq = 0;

/** The live children of a process (every thread's list: a child belongs to the thread that forked it). */
export function childPids(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((t) => {
    try {
      return fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

/** A process's argv, empty once it is gone. */
export function commandLine(pid: number): string[] {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * The whole product as `./painel start` runs it (start.ts: the API, the supervised worker and its
 * nginx), on free ports and a fresh data folder: for the end-to-end tests and the fault tests.
 * `address`: where the API is reached (a stack started with BIND_ADDRESS), 127.0.0.1 by default.
 */
export async function startStack(extraEnv: Record<string, string> = {}, opts: { address?: string } = {}): Promise<Stack> {
  // a DATA_DIR given (a server that joins with a copy of another's secrets/) is the stack's own all the same
  const dataDir = extraEnv.DATA_DIR ?? fs.mkdtempSync(path.join(process.env.E2E_DATA ?? os.tmpdir(), 'stack-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    RTMP_PORT: String(await freePort()),
    // nginx's HLS fragments: another stack (a test run next to this one) may hold the default port
    HLS_PORT: String(await freePort()),
    FTP_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/start.ts')], {
    env, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://${opts.address ?? '127.0.0.1'}:${env.PORT}`;
  const stop = async () => {
    // start.ts's children (the API, the worker and the worker's nginx) finish stopping before the data folder goes
    const children = child.pid ? childPids(child.pid).flatMap((pid) => [pid, ...childPids(pid)]) : [];
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      // a group already gone (start.ts killed by the test, its exit not yet seen here) is nothing to stop
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, name);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
        }
      };
      signal('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) signal('SIGKILL');
    }
    for (const until = Date.now() + 15_000; children.some(alive) && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
    // a process of the product killed with start.ts (not a child seen above) may still be writing into it
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o painel terminou ao iniciar:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      // a panel that never answered is stopped: left running, it would keep the test file's
      // process (and the whole run) waiting for it
      await stop();
      throw new Error(`o painel não respondeu em 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const user = async (...args: string[]): Promise<string> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await run(process.execPath, [path.join(ROOT, 'apps/server/src/cli/user.ts'), ...args], { env })).stdout;
      } catch (e) {
        // the running panel wrote to its SQLite file between the command's read and its write
        // (SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out): nothing was written, the
        // command is simply run again, as an administrator would
        if (attempt >= 5 || !/SQLITE_BUSY/.test(String((e as { stderr?: string }).stderr))) throw e;
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  };
  return {
    baseUrl,
    dataDir,
    env,
    pid: child.pid!,
    user,
    async addAccount(opts = {}) {
      seq += 1;
      const usuario = `canal${process.pid}x${seq}`;
      const a = { email: `${usuario}@exemplo.com.br`, usuario, password: `Senha-${usuario}`, nome: opts.nome ?? `Canal ${seq}` };
      await user('add', '--email', a.email, '--password', a.password, '--usuario', usuario, '--nome', a.nome,
        '--tipo', opts.tipo ?? 'streaming', '--bitrate', String(opts.bitrate ?? 2500),
        ...(opts.streamings === undefined ? [] : ['--streamings', String(opts.streamings)]),
        ...(opts.espaco === undefined ? [] : ['--espaco', String(opts.espaco)]));
      return a;
    },
    childPid: (entry) => childPids(child.pid!).find((pid) => commandLine(pid).at(-1)?.endsWith(`/${entry}`)) ?? null,
    stop,
  };
}
