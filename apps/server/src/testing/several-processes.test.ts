import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { z } from 'zod';
import { createJobRunner } from '../platform/jobs.ts';
import { freePort } from '../platform/ports.ts';
import { startHarness, type Harness } from './harness.ts';
import { eventually } from './live.ts';

const SRC = path.join(import.meta.dirname, '..');
const hold = { kind: 'hold', input: z.object({ until: z.string() }) };

/**
 * One node runs several API processes beside its worker (behind a balancer, or restarted one
 * after the other while the worker goes on). None of them may take back or fail the jobs the
 * worker is running: only the worker's own restart does, for what its previous run left.
 */
describe('several API processes and one worker on one node', () => {
  let h: Harness;
  const children: ChildProcess[] = [];

  /** Starts a process of the panel on the test's data; resolves when its output matches `ready` (null: at once). */
  function start(file: string, env: Record<string, string>, ready: RegExp | null): Promise<ChildProcess> {
    const child = spawn(process.execPath, [path.join(SRC, file)], {
      env: { ...process.env, ...env, DATA_DIR: h.config.dataDir, ...(h.config.databaseUrl ? { DATABASE_URL: h.config.databaseUrl } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    return new Promise((resolve, reject) => {
      if (!ready) resolve(child);
      const seen = (d: Buffer) => {
        out += d;
        if (ready?.test(out)) resolve(child);
      };
      child.stdout!.on('data', seen);
      child.stderr!.on('data', seen);
      child.once('exit', (code) => reject(new Error(`${file} saiu (${code}): ${out}`)));
    });
  }

  async function api(): Promise<string> {
    const port = await freePort();
    await start('main.ts', { PORT: String(port), HOST: '127.0.0.1', FTP_PORT: String(await freePort()), HLS_PORT: '0' }, null);
    const url = `http://127.0.0.1:${port}`;
    // any answer: the API listens (its health says 503 without a worker's nginx, which this test has not)
    await eventually(async () => (await fetch(`${url}/api/health`).catch(() => null)) !== null, 20_000, `API em ${url}`);
    return url;
  }

  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await h?.close();
  });

  test('a job the worker runs stays its own while API processes start, and ends done by it', async () => {
    const a = await h.createAccount();
    const until = path.join(h.config.dataDir, 'release-hold');
    await start('testing/job-holder.ts', {}, /ready/);
    const job = (await h.core.jobs.enqueue(h.core.store.db, hold, { userId: a.id, input: { until } }))!;
    const runningBy = await eventually(async () => {
      const r = await h.core.store.db.selectFrom('jobs').select(['state', 'worker']).where('id', '=', job.id).executeTakeFirst();
      return r?.state === 'running' ? r.worker : undefined;
    }, 10_000, 'tarefa em andamento');

    // two API processes start (and a restart of one) while the job runs
    await api();
    await api();
    // a runner of another process of this node starting up (as a restarted worker would) leaves a live worker's job alone
    const other = createJobRunner({
      db: h.core.store.db, dialect: h.core.store.dialect, nodeId: h.config.media.nodeId, workRoot: path.join(h.config.dataDir, 'other-jobs'),
      kinds: [{ ...hold, slots: 1, run: async () => ({ held: false }) }], leaseMs: 2000, log: () => {},
    });
    const live = process.pid;
    assert.notEqual(runningBy.split(':')[1], String(live));
    await other.recover();
    // and its first pass over the queue finds nothing of that worker's to take
    await other.tick();
    await other.stop();
    const row = await h.core.store.db.selectFrom('jobs').select(['state', 'worker', 'attempts']).where('id', '=', job.id).executeTakeFirstOrThrow();
    assert.deepEqual({ state: row.state, worker: row.worker, attempts: row.attempts }, { state: 'running', worker: runningBy, attempts: 1 });

    fs.writeFileSync(until, '');
    const done = await eventually(async () => {
      const r = await h.core.store.db.selectFrom('jobs').select(['state', 'worker', 'result']).where('id', '=', job.id).executeTakeFirst();
      return r?.state === 'done' ? r : undefined;
    }, 10_000, 'tarefa concluída');
    assert.equal(done.worker, runningBy);
    assert.deepEqual(JSON.parse(done.result ?? 'null'), { held: true });
  });
});
