import type { Tx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { createAccountsRepo } from './accounts.repo.ts';

const repo = createAccountsRepo();

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
 * see room for the last place.
 */
export async function lockPlan(tx: Tx, userId: number): Promise<CountLimits> {
  const r = await repo.lockPlan(tx, userId);
  if (!r) throw notFound();
  return r;
}

/** A plan limit reached: the request is refused (409) and nothing was written. */
export const limitReached = (code: 'live_limit_running' | 'live_limit_overlap' | 'live_limit_registered' | 'booking_limit', max: number): AppError =>
  new AppError(code, { max });
