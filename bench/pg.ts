import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/src/worker.ts';

/**
 * A throw-away PostgreSQL cluster from Debian's binaries, for benchmarks that compare the two
 * databases the panel runs on: a fresh data folder, a free loopback port, default settings
 * (durable commits). Returns the admin URL the test harness takes (TEST_PG_ADMIN_URL) and a stop.
 */
export function throwawayPostgres(): Promise<{ adminUrl: string; stop(): void }> {
  const bins = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  if (bins.length === 0) throw new Error('PostgreSQL não está instalado (apt-get install postgresql)');
  const bin = `/usr/lib/postgresql/${bins.at(-1)}/bin`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  const root = process.getuid?.() === 0;
  if (root) fs.chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
  const run = (cmd: string, args: string[]) =>
    execFileSync(root ? 'runuser' : `${bin}/${cmd}`, root ? ['-u', 'postgres', '--', `${bin}/${cmd}`, ...args] : args, { stdio: 'ignore' });
  return freePort().then((port) => {
    run('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '-A', 'trust']);
    run('pg_ctl', ['-D', `${dir}/data`, '-l', `${dir}/log`, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-w', 'start']);
    return {
      adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop() {
        try { run('pg_ctl', ['-D', `${dir}/data`, '-m', 'immediate', 'stop']); } catch { /* already gone */ }
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}
