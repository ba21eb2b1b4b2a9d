import { compileOnce, type Db, type Tx } from '../../platform/db.ts';

/** Sessions (the check every authenticated request makes, the sessions ended early) and the login attempts counted. */
export function createAuthRepo() {
  return {
    /**
     * The account of a token and whether its session was ended, in one query. Compiled once
     * (every authenticated request runs it): call this once and keep the function it returns.
     */
    sessionQuery: (db: Db) =>
      compileOnce(db, 2, (id: number, sid: string) =>
        db.selectFrom('accounts').selectAll('accounts')
          .select((eb) => eb.exists(eb.selectFrom('revoked_sessions').select('sid').where('sid', '=', sid)).as('session_revoked'))
          .where('accounts.id', '=', id)),

    /** Ends a session until its token expires (`expiresAt`, epoch seconds); forgets those already expired at `now`. */
    async revoke(tx: Tx, sid: string, expiresAt: number, now: number): Promise<void> {
      await tx.deleteFrom('revoked_sessions').where('expires_at', '<', now).execute();
      await tx.insertInto('revoked_sessions').values({ sid, expires_at: expiresAt }).onConflict((oc) => oc.column('sid').doNothing()).execute();
    },

    /** Login attempts under `key` made after `since` (epoch ms). */
    countAttempts: async (tx: Tx, key: string, since: number): Promise<number> => {
      const r = await tx
        .selectFrom('auth_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key', '=', key)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Records one attempt at `at` under each key, after dropping those from before `expired`; returns the new rows' ids. */
    async recordAttempt(tx: Tx, keys: string[], at: number, expired: number): Promise<number[]> {
      await tx.deleteFrom('auth_failures').where('at', '<=', expired).execute();
      const rows = await tx.insertInto('auth_failures').values(keys.map((key) => ({ key, at }))).returning('id').execute();
      return rows.map((r) => r.id);
    },
    /** Takes back the attempts `ids` and every attempt under `key`. */
    async clearAttempts(tx: Tx, ids: number[], key: string): Promise<void> {
      if (ids.length) await tx.deleteFrom('auth_failures').where('id', 'in', ids).execute();
      await tx.deleteFrom('auth_failures').where('key', '=', key).execute();
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
