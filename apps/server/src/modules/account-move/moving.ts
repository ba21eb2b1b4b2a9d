import type { Tx } from '../../platform/db.ts';
import { hasActiveJob } from '../../platform/jobs.ts';

/** The job kind of a move (queued by the API, run by the target server's worker). */
export const MOVE_KIND = 'account-move';

/**
 * Whether the account is being moved to another server: its move is queued or running. Read
 * inside the caller's transaction, so a process row is never created beside a move that
 * started meanwhile.
 */
export const movingIn = (tx: Tx, userId: number): Promise<boolean> => hasActiveJob(tx, userId, { kind: MOVE_KIND });
