import fsp from 'node:fs/promises';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccountRow } from '../accounts/accounts.repo.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { Actor, AuditService } from '../audit/audit.service.ts';
import type { AccountEffects } from './effects.ts';

/**
 * Deleting an account, in one go: what it has on air stops, every row that names it goes in one
 * transaction (the account's row cascades to its modules' tables: each declares its foreign key
 * ON DELETE CASCADE, and no module deletes another's rows) with the audit entry, and then its files: every set the
 * modules declare (`files`, read in the transaction before the rows go). A reseller is deleted
 * only without streamings.
 */
export function createRemoval(deps: {
  db: Db; accounts: AccountsService; effects: AccountEffects; audit: AuditService;
  files: (tx: Tx, account: { id: number; usuario: string }) => Promise<string[]>;
}) {
  const { db, accounts, audit } = deps;
  const streamingsOf = (tx: Tx, resellerId: number) => accounts.countStreamingsOf(tx, resellerId);

  return {
    /** `check` reads the account in the caller's scope (404 outside it), inside the transaction too. */
    async remove(actor: Actor, check: (tx: Tx) => Promise<AccountRow>): Promise<void> {
      const row = await check(db);
      if (row.tipo === 'revenda' && (await streamingsOf(db, row.id)) > 0) throw new AppError('reseller_has_streamings');
      // nothing of it stays on air: the worker stops the children of the rows about to go
      await deps.effects.stopAccount(row.id);
      // nginx writes the channel's HLS until its publisher is gone: the files are removed after that
      await deps.effects.offAir(row.usuario);
      const files = await db.transaction().execute(async (tx) => {
        const account = await check(tx);
        // under the account's lock: a streaming created for this reseller meanwhile is counted
        await accounts.bumpTokenVersion(tx, account.id);
        if (account.tipo === 'revenda' && (await streamingsOf(tx, account.id)) > 0) throw new AppError('reseller_has_streamings');
        const paths = await deps.files(tx, account);
        // the foreign keys' cascade takes the modules' rows (each module's table declares it)
        await accounts.remove(tx, account.id);
        await audit.record(tx, actor, 'account_deleted', account);
        return paths;
      });
      for (const file of files) await fsp.rm(file, { recursive: true, force: true });
    },
  };
}
export type Removal = ReturnType<typeof createRemoval>;
