import type { Tx } from '../../platform/db.ts';

/** The job kind of a move (queued by the API, run by the target server's worker). */
export const MOVE_KIND = 'account-move';

/**
 * Whether the account is being moved to another server: its move is queued or running. Read
 * inside the caller's transaction, so a process row is never created beside a move that
 * started meanwhile.
 */
export async function movingIn(tx: Tx, userId: number): Promise<boolean> {
  const row = await tx.selectFrom('jobs').select('id').where('user_id', '=', userId).where('kind', '=', MOVE_KIND)
    .where('state', 'in', ['queued', 'running']).limit(1).executeTakeFirst();
  return row !== undefined;
}
