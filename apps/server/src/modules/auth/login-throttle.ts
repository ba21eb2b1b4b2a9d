import type { Db } from '../../platform/db.ts';

/**
 * Counts failed logins per client address and per account name in a sliding window,
 * kept in the database so that several API processes share it.
 */
export function createLoginThrottle(deps: { db: Db; windowMs: number; maxPerAccount: number; maxPerIp: number; now?: () => number }) {
  const { db, windowMs } = deps;
  const now = deps.now ?? Date.now;
  const keys = (ip: string, ident: string) => ({ ip: `ip:${ip}`, account: `acct:${ident.trim().toLowerCase()}` });

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
    async blocked(ip: string, ident: string): Promise<boolean> {
      const k = keys(ip, ident);
      const since = now() - windowMs;
      return (await count(k.account, since)) >= deps.maxPerAccount || (await count(k.ip, since)) >= deps.maxPerIp;
    },
    async fail(ip: string, ident: string): Promise<void> {
      const k = keys(ip, ident);
      const at = now();
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('auth_failures').where('at', '<=', at - windowMs).execute();
        await tx.insertInto('auth_failures').values([{ key: k.ip, at }, { key: k.account, at }]).execute();
      });
    },
    async succeed(ident: string): Promise<void> {
      await db.deleteFrom('auth_failures').where('key', '=', keys('', ident).account).execute();
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
