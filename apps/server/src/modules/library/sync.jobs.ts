import { z } from 'zod';
import { errorText } from '@painel/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { defineJob } from '../module.ts';
import { parseJson } from '../../platform/jobs.ts';
import { createLibraryRepo } from './library.repo.ts';
import type { Owner } from './owner.ts';
import type { SyncCounts } from './sync.ts';

/** How long a sync request waits for its job before answering that it goes on in the background. */
export const SYNC_WAIT_MS = 25_000;
const POLL_MS = 100;

const syncInput = z.object({
  owner: z.object({ userId: z.number().int(), accountId: z.number().int(), login: z.string(), bitrate: z.number(), espaco: z.number() }),
  /** null: every folder of the account. */
  folderId: z.number().int().nullable(),
});

/** The job: one folder, or the whole account (library work, no media; its answer is read at once, so it is kept an hour). */
export const syncJob = defineJob({
  kind: 'sync', input: syncInput, slots: 4, keepMs: 3_600_000,
  handler: ({ library }) => async (ctx) => {
    const { owner, folderId } = ctx.input;
    return folderId === null ? library.sync.account(owner) : library.sync.folder(owner, folderId);
  },
});

/**
 * Folder sync as a job of the queue: one sync per folder (and one account-wide) at a time across
 * every API process, decided by the queue's unique index; a request that finds one running waits
 * for that one instead of starting a second. The request waits up to SYNC_WAIT_MS; a sync that
 * takes longer (hundreds of new files to probe) finishes in the background and the answer says so.
 */
export function createSyncRequests(deps: { db: Db; jobs: Jobs; waitMs?: number }) {
  const { db, jobs } = deps;
  const repo = createLibraryRepo();
  return async (owner: Owner, folderId: number | null): Promise<SyncCounts | null> => {
    const subjectId = folderId ?? 0;
    const queued = await jobs.enqueue(db, syncJob, { userId: owner.userId, subjectId, input: { owner, folderId }, maxAttempts: 2 });
    const id = queued?.id ?? (await jobs.latest(owner.userId, syncJob, subjectId))?.id;
    if (id === undefined) throw new AppError('internal_error');
    const until = Date.now() + (deps.waitMs ?? SYNC_WAIT_MS);
    for (;;) {
      const row = await repo.syncOutcome(db, id);
      if (!row) return null; // a concurrent one finished and was replaced: nothing to report
      if (row.state === 'done') return parseJson<SyncCounts | null>(row.result, null);
      if (row.state === 'failed') {
        // the folder went meanwhile: the request's own 404; any other failure is the server's, with the reason the job stored
        throw row.error_code === 'folder_not_found'
          ? new AppError('folder_not_found')
          : new AppError('job_failed', { reason: row.error ?? errorText('internal_error') });
      }
      if (Date.now() > until) return null;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
}
