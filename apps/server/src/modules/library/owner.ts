import { effectiveUserId } from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import type { AccountRow } from '../accounts/accounts.repo.ts';

/**
 * Whose library a request or an FTP session acts on: rows are scoped by userId (the
 * acting account, effective_user_id), the directory by the account's login, the quota
 * lock by the account row, and the verdicts by the plan's bitrate.
 */
export interface Owner {
  userId: number;
  accountId: number;
  login: string;
  /** plan bitrate, kbps */
  bitrate: number;
  /** plan storage, MB */
  espaco: number;
}

export const ownerOf = (auth: Auth): Owner => ({
  userId: auth.userId,
  accountId: auth.account.id,
  login: auth.account.usuario,
  bitrate: auth.account.bitrate,
  espaco: auth.account.espaco,
});

export const ownerOfAccount = (row: AccountRow): Owner => ({
  userId: effectiveUserId(row),
  accountId: row.id,
  login: row.usuario,
  bitrate: row.bitrate,
  espaco: row.espaco,
});
