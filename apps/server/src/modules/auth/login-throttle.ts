import type { ThrottleLimits } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { ipKey } from '../../platform/ip-key.ts';
import { createAuthRepo } from './auth.repo.ts';

/**
 * Counts login attempts in a sliding window, kept in the database so several API processes
 * share it. Limits are per address and per (account, address): a login name is public (it is
 * in every embed address), so guesses from one place must never lock the owner out from
 * another. Against guesses spread over many addresses the account-wide count only takes away
 * the second try of addresses that have already tried, so a correct password from an address
 * that has not failed always gets in.
 *
 * An attempt is written before the password is checked and counted with it, so a burst of
 * parallel guesses cannot all pass the check before the first failure is recorded. A
 * successful login takes its own attempt back and clears its address's failures on that
 * account. Addresses count by ipKey (IPv6 by its /64); `scope` gives another door (FTP) a
 * budget of its own.
 */
export function createLoginThrottle(deps: ThrottleLimits & { db: Db; scope?: string; now?: () => number }) {
  const { db, windowMs } = deps;
  const scope = deps.scope ? `${deps.scope}:` : '';
  const keysOf = (ip: string, account: string) => {
    const addr = ipKey(ip);
    return { ip: `${scope}ip:${addr}`, pair: `${scope}acct:${account}:ip:${addr}`, account: `${scope}acct:${account}` };
  };
  const now = deps.now ?? Date.now;
  const repo = createAuthRepo();
  const count = (key: string, since: number) => repo.countAttempts(db, key, since);

  return {
    /**
     * Records an attempt from `ip` on `account` (a stable key: the account id when the login
     * names one, else the name typed) and says whether it is over a limit.
     */
    async attempt(ip: string, account: string): Promise<{ blocked: boolean; ids: number[] }> {
      const at = now();
      const keys = keysOf(ip, account);
      const ids = await db.transaction().execute((tx) => repo.recordAttempt(tx, [keys.ip, keys.pair, keys.account], at, at - windowMs));
      const since = at - windowMs;
      const [ipCount, pairCount, accountCount] = await Promise.all([count(keys.ip, since), count(keys.pair, since), count(keys.account, since)]);
      const blocked = ipCount > deps.maxPerIp || pairCount > deps.maxPerAccount
        || (accountCount > deps.maxPerAccountTotal && pairCount > 1);
      return { blocked, ids };
    },
    /** A successful login: its own attempt does not count, and its address starts afresh on the account. */
    async succeed(ip: string, account: string, ids: number[]): Promise<void> {
      await db.transaction().execute((tx) => repo.clearAttempts(tx, ids, keysOf(ip, account).pair));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
