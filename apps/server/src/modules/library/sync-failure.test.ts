import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { errorText, serverErrors } from '@painel/contract';
import { AppError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { startHarness, type Harness } from '../../testing/harness.ts';
import { createSyncRequests } from './sync.jobs.ts';

/**
 * A folder sync runs as a job; the request that waits for it answers a failure by the code the
 * job stored: the folder gone meanwhile is the request's 404, anything else the server's 500
 * with the reason the job stored. The code decides, so a reworded message changes nothing else.
 */
describe('folder sync: a failed job answers by its stored code', () => {
  let h: Harness;
  let owner: { userId: number; accountId: number; login: string; bitrate: number; espaco: number };

  before(async () => {
    h = await startHarness();
    const a = await h.createAccount();
    owner = { userId: a.id, accountId: a.id, login: a.usuario, bitrate: 2500, espaco: 1000 };
  });
  after(async () => {
    await h?.close();
  });

  /** The request, finding a job that already failed with this error. */
  async function requestAfter(error: string, errorCode: string | null): Promise<unknown> {
    const db = h.core.store.db;
    // written as already failed: no runner ever sees it queued
    const at = new Date().toISOString();
    const job = await db.insertInto('jobs').values({
      user_id: owner.userId, kind: 'sync', subject_id: 5, state: 'failed', input: '{}', detail: '{}', node_id: null, worker: null,
      lease_until: null, pid: null, result: null, error, error_code: errorCode, created_at: at, started_at: null, finished_at: at, updated_at: at,
    }).returningAll().executeTakeFirstOrThrow();
    const jobs = { enqueue: async () => job, latest: async () => job } as unknown as Jobs;
    return createSyncRequests({ db, jobs, waitMs: 2000 })(owner, 5).then(() => assert.fail('answered'), (e: unknown) => e);
  }

  test('the folder gone: 404, also when its message is reworded', async () => {
    const saved = serverErrors.folder_not_found.message;
    serverErrors.folder_not_found.message = 'Essa pasta não existe mais.';
    try {
      const e = await requestAfter('Essa pasta não existe mais.', 'folder_not_found');
      assert.ok(e instanceof AppError);
      assert.deepEqual([e.code, e.status, e.message], ['folder_not_found', 404, 'Essa pasta não existe mais.']);
    } finally {
      serverErrors.folder_not_found.message = saved;
    }
  });

  test('the text of a folder gone without its code is not taken for it: 500 with the stored reason', async () => {
    const e = await requestAfter(errorText('folder_not_found'), null);
    assert.ok(e instanceof AppError);
    assert.deepEqual([e.code, e.status, e.message], ['job_failed', 500, errorText('folder_not_found')]);
  });

  test('any other failure: 500 with the reason the job stored', async () => {
    const e = await requestAfter('EACCES: permission denied', null);
    assert.ok(e instanceof AppError);
    assert.deepEqual([e.code, e.status, e.message], ['job_failed', 500, 'EACCES: permission denied']);
  });
});
