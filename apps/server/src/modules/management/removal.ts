import fsp from 'node:fs/promises';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccountRow } from '../accounts/accounts.repo.ts';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import type { AccountEffects } from './effects.ts';

/** Columns that name an account in the tables of other modules. */
const ACCOUNT_COLUMNS = ['user_id', 'account_id'] as const;
/** Tables that keep an account's trace on purpose: the audit log reads by login after a deletion. */
const KEPT_TABLES = new Set(['accounts', 'audit_log']);

/** Every table with a column naming an account (the audit log aside), read from the database itself. */
export async function accountTables(db: Db): Promise<{ table: string; column: string }[]> {
  const out: { table: string; column: string }[] = [];
  for (const t of await db.introspection.getTables()) {
    if (KEPT_TABLES.has(t.name) || t.isView) continue;
    for (const c of t.columns) if ((ACCOUNT_COLUMNS as readonly string[]).includes(c.name)) out.push({ table: t.name, column: c.name });
  }
  return out;
}

/**
 * Deleting an account, in one go: what it has on air stops, every row that names it goes in one
 * transaction (the account's row cascades to its modules' tables; any table with a user_id or
 * account_id column is swept as well) with the audit entry, and then its files: every set the
 * modules declare (`files`, read in the transaction before the rows go). A reseller is deleted
 * only without streamings.
 */
export function createRemoval(deps: {
  db: Db; effects: AccountEffects; audit: AuditService;
  files: (tx: Tx, account: { id: number; usuario: string }) => Promise<string[]>;
}) {
  const { db, audit } = deps;

  async function streamingsOf(tx: Tx, resellerId: number): Promise<number> {
    const r = await tx.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).where('revenda_id', '=', resellerId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  return {
    /** `check` reads the account in the caller's scope (404 outside it), inside the transaction too. */
    async remove(actor: Actor, check: (tx: Tx) => Promise<AccountRow>): Promise<void> {
      const row = await check(db);
      if (row.tipo === 'revenda' && (await streamingsOf(db, row.id)) > 0) throw new AppError('reseller_has_streamings');
      // nothing of it stays on air: the worker stops the children of the rows about to go
      await deps.effects.stopAccount(row.id);
      // nginx writes the channel's HLS until its publisher is gone: the files are removed after that
      await deps.effects.offAir(row.usuario);
      const tables = await accountTables(db);
      const files = await db.transaction().execute(async (tx) => {
        const account = await check(tx);
        // under the account's lock: a streaming created for this reseller meanwhile is counted
        await tx.updateTable('accounts').set((eb) => ({ token_version: eb('token_version', '+', 1) })).where('id', '=', account.id).execute();
        if (account.tipo === 'revenda' && (await streamingsOf(tx, account.id)) > 0) throw new AppError('reseller_has_streamings');
        const paths = await deps.files(tx, account);
        await tx.deleteFrom('accounts').where('id', '=', account.id).execute();
        // the cascade took the modules' rows; a table without the foreign key is swept by its column
        for (const t of tables) await tx.deleteFrom(t.table as 'accounts').where(t.column as 'id', '=', account.id).execute();
        await audit.record(tx, actor, 'account_deleted', account);
        return paths;
      });
      for (const file of files) await fsp.rm(file, { recursive: true, force: true });
    },
  };
}
export type Removal = ReturnType<typeof createRemoval>;
