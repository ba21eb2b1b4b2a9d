import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Who suspended an account is stored by name: `accounts.disabled` (0 active, 1 suspended, 2 with
 * its reseller) becomes `suspension` 'active' | 'suspended_by_reseller' | 'suspended_by_operator'
 * | 'suspended_with_reseller'. A reseller lifts only its own suspensions, so a 1 is told apart by
 * the audit log: the newest 'account_suspended' entry of the account, made by its reseller (its
 * session, or one of its API keys, logged as 'api:<name>'), is the reseller's; any other, or
 * none, is the operator's (a suspension nobody can attribute is not the reseller's to lift).
 */
export const suspension = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('accounts').addColumn('suspension', 'text', (c) => c.notNull().defaultTo('active')).execute();
    await sql`UPDATE accounts SET suspension = 'suspended_with_reseller' WHERE disabled = 2`.execute(db);
    await sql`UPDATE accounts SET suspension = 'suspended_by_operator' WHERE disabled = 1`.execute(db);
    const held = await db.selectFrom('accounts').select(['id', 'revenda_id']).where('disabled', '=', 1).where('revenda_id', 'is not', null).execute();
    for (const a of held as { id: number; revenda_id: number }[]) {
      const last = await db.selectFrom('audit_log').select(['actor_id', 'actor']).where('account_id', '=', a.id)
        .where('action', '=', 'account_suspended').orderBy('id', 'desc').limit(1).executeTakeFirst() as { actor_id: number | null; actor: string } | undefined;
      if (!last) continue;
      let byReseller = last.actor_id === a.revenda_id;
      if (last.actor_id === null && last.actor.startsWith('api:')) {
        const key = await db.selectFrom('api_keys').select('id').where('name', '=', last.actor.slice(4))
          .where('revenda_id', '=', a.revenda_id).executeTakeFirst();
        byReseller = !!key;
      }
      if (byReseller) await db.updateTable('accounts').set({ suspension: 'suspended_by_reseller' }).where('id', '=', a.id).execute();
    }
    await db.schema.alterTable('accounts').dropColumn('disabled').execute();
  },
});
