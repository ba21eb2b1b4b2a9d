import { msg } from '@painel/contract';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobHandler, Jobs } from '../../platform/jobs.ts';
import { parseJson } from '../../platform/jobs.ts';
import type { Owner } from './owner.ts';
import type { Sync, SyncCounts } from './sync.ts';

/** How long a sync request waits for its job before answering that it goes on in the background. */
export const SYNC_WAIT_MS = 25_000;
const POLL_MS = 100;

interface SyncInput {
  owner: Owner;
  /** null: every folder of the account. */
  folderId: number | null;
}

/** The job: one folder, or the whole account. */
export function syncJob(sync: Sync): JobHandler {
  return async (ctx) => {
    const { owner, folderId } = ctx.input as SyncInput;
    return folderId === null ? sync.account(owner) : sync.folder(owner, folderId);
  };
}

/**
 * Folder sync as a job of the queue: one sync per folder (and one account-wide) at a time across
 * every API process, decided by the queue's unique index; a request that finds one running waits
 * for that one instead of starting a second. The request waits up to SYNC_WAIT_MS; a sync that
 * takes longer (hundreds of new files to probe) finishes in the background and the answer says so.
 */
export function createSyncRequests(deps: { db: Db; jobs: Jobs; wake: () => void; waitMs?: number }) {
  const { db, jobs } = deps;
  return async (owner: Owner, folderId: number | null): Promise<SyncCounts | null> => {
    const subjectId = folderId ?? 0;
    const queued = await jobs.enqueue(db, { userId: owner.userId, kind: 'sync', subjectId, input: { owner, folderId } satisfies SyncInput, maxAttempts: 2 });
    const id = queued?.id ?? (await jobs.latest(owner.userId, 'sync', subjectId))?.id;
    if (id === undefined) throw new AppError(500, msg.internalError);
    deps.wake();
    const until = Date.now() + (deps.waitMs ?? SYNC_WAIT_MS);
    for (;;) {
      const row = await db.selectFrom('jobs').select(['state', 'result', 'error']).where('id', '=', id).executeTakeFirst();
      if (!row) return null; // a concurrent one finished and was replaced: nothing to report
      if (row.state === 'done') return parseJson<SyncCounts | null>(row.result, null);
      if (row.state === 'failed') throw new AppError(row.error === msg.folderNotFound ? 404 : 500, row.error ?? msg.internalError);
      if (Date.now() > until) return null;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
}
