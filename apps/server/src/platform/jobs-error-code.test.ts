import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { z } from 'zod';
import { errorText } from '@painel/contract';
import { startHarness, type Harness } from '../testing/harness.ts';
import { AppError } from './errors.ts';
import { createJobRunner, type JobRunner } from './jobs.ts';

let h: Harness;
let runner: JobRunner;

before(async () => {
  h = await startHarness();
});
after(async () => {
  await runner?.stop();
  await h?.close();
});

test('a failed job keeps its error\'s text and, for an AppError, its code; a full disk is told as disk_full', async () => {
  const userId = (await h.createAccount()).id;
  const kinds = { coded: 'test-coded', plain: 'test-plain', full: 'test-full' };
  runner = createJobRunner({
    db: h.core.store.db, dialect: h.core.store.dialect, nodeId: 1, workRoot: path.join(h.config.dataDir, 'jobs'),
    kinds: [
      { kind: kinds.coded, input: z.unknown(), slots: 1, run: async () => { throw new AppError('download_too_big', { mb: 50 }); } },
      { kind: kinds.plain, input: z.unknown(), slots: 1, run: async () => { throw new Error('disco cheio'); } },
      // the machine's own error, as a write meets it (the runner's mkdir, a copy): told by its code
      { kind: kinds.full, input: z.unknown(), slots: 1, run: async () => { throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }); } },
    ],
    leaseMs: 3000, tickMs: 50, log: () => undefined,
  });
  const db = h.core.store.db;
  const coded = await h.core.jobs.enqueue(db, { kind: kinds.coded, input: z.unknown() }, { userId, input: {} });
  const plain = await h.core.jobs.enqueue(db, { kind: kinds.plain, input: z.unknown() }, { userId, input: {} });
  const full = await h.core.jobs.enqueue(db, { kind: kinds.full, input: z.unknown() }, { userId, input: {} });
  runner.start();
  const ended = async (id: number) => {
    for (let i = 0; i < 200; i++) {
      const row = await db.selectFrom('jobs').select(['state', 'error', 'error_code']).where('id', '=', id).executeTakeFirstOrThrow();
      if (row.state === 'failed') return row;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail(`job ${id} did not fail`);
  };
  assert.deepEqual(await ended(coded!.id), { state: 'failed', error: errorText('download_too_big', { mb: 50 }), error_code: 'download_too_big' });
  assert.deepEqual(await ended(plain!.id), { state: 'failed', error: 'disco cheio', error_code: null });
  assert.deepEqual(await ended(full!.id), { state: 'failed', error: errorText('disk_full'), error_code: 'disk_full' });
});
