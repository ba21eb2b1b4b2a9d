import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../platform/ports.ts';

/**
 * A PostgreSQL cluster of a test's own, in a temporary folder, on a free loopback port: a test
 * may stop and start it (a database restart) without disturbing any other test. Flags as the
 * test command's cluster (scripts/test.sh): socket in the folder, loopback only, fsync off. Run
 * as root, PostgreSQL's programs run as the `postgres` user, which owns the folder.
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust authentication on loopback). */
  url: string;
  port: number;
  dir: string;
  /** pg_ctl start, waiting until it accepts connections. */
  start(): Promise<void>;
  /** pg_ctl stop in the given mode (default fast: sessions are ended, as a service restart does). */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  restart(): Promise<void>;
  /** Whether the server runs now (pg_ctl status). */
  running(): Promise<boolean>;
  /** Stops it (immediate) and removes its folder. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's programs (Debian's layout), or null when none is installed. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, 'bin') : null;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL não está instalado (/usr/lib/postgresql/*/bin)');
  const asRoot = process.getuid?.() === 0;
  // asynchronous: the API and the worker of the test run in this same process meanwhile
  const run = (cmd: string, args: string[]) => new Promise<{ ok: boolean; out: string }>((resolve) => {
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, cmd), ...args] : args;
    execFile(asRoot ? 'runuser' : path.join(bin, cmd), argv, { encoding: 'utf8', timeout: 90_000 }, (err, stdout, stderr) =>
      resolve({ ok: !err, out: `${stdout}${stderr}` }));
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-pg-'));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  const port = await freePort();
  const fail = (what: string, out: string) => {
    const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : '';
    return new Error(`${what}: ${out}\n${tail}`);
  };
  const init = await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust']);
  if (!init.ok) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw fail('initdb falhou', init.out);
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const pg: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async start() {
      const r = await run('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
      if (!r.ok) throw fail('o PostgreSQL não iniciou', r.out);
    },
    async stop(mode = 'fast') {
      const r = await run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      if (!r.ok) throw fail('o PostgreSQL não parou', r.out);
    },
    async restart() {
      await pg.stop();
      await pg.start();
    },
    running: async () => (await run('pg_ctl', ['-D', data, 'status'])).ok,
    async destroy() {
      if (fs.existsSync(path.join(data, 'postmaster.pid'))) await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await pg.start();
  } catch (e) {
    await pg.destroy();
    throw e;
  }
  return pg;
}
