import type { Tx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';

/** The plan's limits on lives and bookings, as stored on the account. */
export interface CountLimits {
  max_lives_ativas: number;
  max_lives: number;
  max_agendamentos: number;
}

/**
 * Locks the account's row for the rest of the transaction and reads its count limits. Every
 * request that counts the account's lives or bookings and then inserts one takes this lock
 * first, so two of them (in this process or in another API process, on PostgreSQL) never both
 * see room for the last place. A no-op UPDATE rather than SELECT … FOR UPDATE: SQLite has no
 * FOR UPDATE, and an UPDATE makes its transaction a writer at once there as well.
 */
export async function lockPlan(tx: Tx, userId: number): Promise<CountLimits> {
  const r = await tx.updateTable('accounts').set((eb) => ({ max_lives: eb.ref('max_lives') })).where('id', '=', userId)
    .returning(['max_lives_ativas', 'max_lives', 'max_agendamentos']).executeTakeFirst();
  if (!r) throw notFound();
  return r;
}

/** A plan limit reached: the request is refused and nothing was written. */
export const limitReached = (message: string): AppError => new AppError(409, message);
