import { z } from 'zod';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { errorText } from '@painel/contract';
import { startHarness, type Harness } from '../testing/harness.ts';
import { createJobRunner, type JobHandler, type JobRunner } from './jobs.ts';
import { runChild } from './exec.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`esperando: ${what}`);
    await wait(50);
  }
}

/**
 * The finite-job queue every tool uses (download, migration, conversion): one claim per job
 * across workers, progress the status calls read, cancel obeyed, and a job whose worker died
 * taken up again or failed — never left "running".
 */
/** A kind as the queue sees it, for handlers the tests write inline. */
const kindOf = (kind: string) => ({ kind, input: z.unknown() });

describe('job queue', () => {
  let h: Harness;
  let userId: number;
  let otherId: number;
  const runners: JobRunner[] = [];
  const runner = (handlers: Record<string, JobHandler>, extra: { leaseMs?: number; tag?: string; slots?: number } = {}) => {
    const r = createJobRunner({
      db: h.core.store.db, dialect: h.core.store.dialect, nodeId: 1, tag: extra.tag ?? `${h.config.dataDir}#jobs-test`,
      workRoot: path.join(h.config.dataDir, 'jobs'),
      kinds: Object.entries(handlers).map(([kind, run]) => ({ kind, input: z.unknown(), slots: extra.slots ?? 4, run })),
      leaseMs: extra.leaseMs ?? 3000, tickMs: 50, log: () => undefined,
    });
    runners.push(r);
    return r;
  };
  const row = (id: number) => h.core.store.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  const enqueue = async (kind: 'download' | 'conversion', input: unknown, subjectId = 0, user = userId) =>
    h.core.jobs.enqueue(h.core.store.db, kindOf(kind), { userId: user, subjectId, input });

  before(async () => {
    h = await startHarness();
    userId = (await h.createAccount()).id;
    otherId = (await h.createAccount()).id;
  });
  after(async () => {
    for (const r of runners) await r.stop();
    await h.close();
  });

  test('one active download per account: a second is refused atomically; another account is not affected', async () => {
    const a = await enqueue('download', { n: 1 });
    assert.ok(a);
    assert.equal(await enqueue('download', { n: 2 }), null);
    assert.ok(await enqueue('download', { n: 3 }, 0, otherId));
    // conversions are one per video, not one per account
    assert.ok(await enqueue('conversion', {}, 11));
    assert.ok(await enqueue('conversion', {}, 12));
    assert.equal(await enqueue('conversion', {}, 11), null);
    // a queued job cancelled by its owner is gone at once; the other account's stays
    assert.equal(await h.core.jobs.cancel(userId, kindOf('download')), true);
    assert.equal(await row(a.id), undefined);
    assert.equal(await h.core.jobs.cancel(userId, kindOf('download')), false);
    await h.core.store.db.deleteFrom('jobs').execute();
  });

  test('two workers draining one queue run every job exactly once; progress and result are recorded', async () => {
    const runs = new Map<number, number>();
    const handler: JobHandler = async (ctx) => {
      runs.set(ctx.job.id, (runs.get(ctx.job.id) ?? 0) + 1);
      assert.ok(fs.existsSync(ctx.workdir), 'a directory of its own');
      ctx.report({ fase: 'meio' }, 50);
      await wait(1200); // one heartbeat writes the progress
      return { ok: (ctx.input as { n: number }).n };
    };
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await enqueue('conversion', { n: i }, 100 + i))!.id);
    const mid = await (async () => {
      const w1 = runner({ conversion: handler });
      const w2 = runner({ conversion: handler }, { tag: 'outro' });
      w1.start();
      w2.start();
      return until('progresso gravado', async () => (await row(ids[0]!))?.progress === 50 && row(ids[0]!));
    })();
    assert.equal(JSON.parse(mid.detail).fase, 'meio');
    assert.equal(mid.state, 'running');
    await until('todas concluídas', async () => {
      const rows = await h.core.store.db.selectFrom('jobs').select('state').where('id', 'in', ids).execute();
      return rows.every((r) => r.state === 'done');
    }, 20_000);
    for (const id of ids) {
      assert.equal(runs.get(id), 1, `tarefa ${id} executada uma vez`);
      const r = (await row(id))!;
      assert.equal(r.progress, 100);
      assert.deepEqual(JSON.parse(r.result!), { ok: ids.indexOf(id) });
      assert.equal(r.input, '{}', 'the input is wiped when the job ends');
      assert.ok(!fs.existsSync(path.join(h.config.dataDir, 'jobs', String(id))), 'its directory is gone');
    }
    for (const r of runners.splice(0)) await r.stop();
  });

  test('cancel stops a running job and its child process; the row goes', async () => {
    let pid = 0;
    const w = runner({
      download: async (ctx) => {
        const r = await runChild('sleep', ['30'], { signal: ctx.signal, env: ctx.env, onSpawn: (p) => { pid = p; ctx.setPid(p); } });
        if (r.aborted) throw new Error('interrompida');
        return null;
      },
    });
    const job = (await enqueue('download', {}))!;
    w.start();
    await until('filho iniciado', async () => pid > 0 && (await row(job.id))?.pid === pid);
    assert.equal(await h.core.jobs.cancel(userId, kindOf('download')), true);
    await until('linha removida', async () => (await row(job.id)) === undefined);
    assert.equal(fs.existsSync(`/proc/${pid}`), false, 'the child was killed');
    await w.stop();
  });

  test('a worker that dies: its job is claimed again after the lease while attempts last, then fails — never left running', async () => {
    const started: string[] = [];
    // the "dead" worker: claims and never renews (its heartbeat is gone with it)
    const hang: JobHandler = (ctx) => {
      started.push('morto');
      return new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('x'))));
    };
    const dead = runner({ conversion: hang }, { leaseMs: 600 });
    const job = (await h.core.jobs.enqueue(h.core.store.db, kindOf('conversion'), { userId, subjectId: 500, input: {}, maxAttempts: 2 }))!;
    await dead.tick();
    await until('reivindicada', async () => (await row(job.id))?.state === 'running');
    // simulate the death: the lease is not renewed any more
    await h.core.store.db.updateTable('jobs').set({ lease_until: new Date(Date.now() - 1000).toISOString(), worker: 'morto' }).where('id', '=', job.id).execute();
    const alive = runner({ conversion: async () => { started.push('vivo'); return 'ok'; } }, { leaseMs: 600, tag: 'vivo' });
    await alive.tick();
    await until('retomada e concluída', async () => (await row(job.id))?.state === 'done');
    assert.equal((await row(job.id))!.attempts, 2);
    await dead.stop();

    // out of attempts: failed with the reason, not claimed again
    const last = (await h.core.jobs.enqueue(h.core.store.db, kindOf('conversion'), { userId, subjectId: 501, input: {}, maxAttempts: 1 }))!;
    await h.core.store.db.updateTable('jobs').set({ state: 'running', attempts: 1, worker: 'morto', lease_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', last.id).execute();
    await alive.tick();
    const r = (await row(last.id))!;
    assert.equal(r.state, 'failed');
    assert.equal(r.error, errorText('job_interrupted'));
    await alive.stop();
  });

  test('a failing handler records its Portuguese reason; a stopped worker gives its jobs back without using an attempt', async () => {
    const failing = runner({ download: async () => { throw new Error('Arquivo recusado pelo servidor'); } });
    const j = (await enqueue('download', {}))!;
    await failing.tick();
    await until('falhou', async () => (await row(j.id))?.state === 'failed');
    assert.equal((await row(j.id))!.error, 'Arquivo recusado pelo servidor');
    await failing.stop();

    const slow = runner({ download: (ctx) => new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('parada')))) });
    const k = (await enqueue('download', {}))!;
    await slow.tick();
    await until('em execução', async () => (await row(k.id))?.state === 'running');
    await slow.stop();
    const back = (await row(k.id))!;
    assert.equal(back.state, 'queued');
    assert.equal(back.attempts, 0);
  });
});
