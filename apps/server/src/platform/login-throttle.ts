import type { Db } from './db.ts';
import { ipKey } from './ip-key.ts';

/**
 * Counts login attempts per client address and per account in a sliding window, kept in
 * the database so several API processes share it. An attempt is written before the
 * password is checked and counted with it, so a burst of parallel guesses cannot all pass
 * the check before the first failure is recorded. A successful login takes its own attempt
 * back and clears the account's failures. Addresses count by ipKey (IPv6 by its /64);
 * `scope` gives another door (FTP) a budget of its own.
 */
export function createLoginThrottle(deps: {
  db: Db; windowMs: number; maxPerAccount: number; maxPerIp: number; scope?: string; now?: () => number;
}) {
  const { db, windowMs } = deps;
  const scope = deps.scope ? `${deps.scope}:` : '';
  const accountKey = (account: string) => `${scope}acct:${account}`;
  const now = deps.now ?? Date.now;

  async function count(key: string, since: number): Promise<number> {
    const r = await db
      .selectFrom('auth_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', key)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  return {
    /**
     * Records an attempt from `ip` on `account` (a stable key: the account id when the login
     * names one, else the name typed) and says whether it is over either limit.
     */
    async attempt(ip: string, account: string): Promise<{ blocked: boolean; ids: number[] }> {
      const at = now();
      const keys = { ip: `${scope}ip:${ipKey(ip)}`, account: accountKey(account) };
      const ids = await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('auth_failures').where('at', '<=', at - windowMs).execute();
        const rows = await tx.insertInto('auth_failures').values([{ key: keys.ip, at }, { key: keys.account, at }]).returning('id').execute();
        return rows.map((r) => r.id);
      });
      const since = at - windowMs;
      const blocked = (await count(keys.account, since)) > deps.maxPerAccount || (await count(keys.ip, since)) > deps.maxPerIp;
      return { blocked, ids };
    },
    /** A successful login: its own attempt does not count, and the account starts afresh. */
    async succeed(account: string, ids: number[]): Promise<void> {
      await db.transaction().execute(async (tx) => {
        if (ids.length) await tx.deleteFrom('auth_failures').where('id', 'in', ids).execute();
        await tx.deleteFrom('auth_failures').where('key', '=', accountKey(account)).execute();
      });
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
