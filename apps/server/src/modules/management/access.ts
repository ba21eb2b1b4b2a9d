import { isSuspended } from '@painel/contract';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { inScope, type Caller } from './management.service.ts';

/** How long an entered panel lasts: enough to help a customer, far shorter than a session. */
export const PANEL_ACCESS_TTL_S = 30 * 60;

/**
 * 'Acessar painel': a reseller (or the operator) opens a streaming's panel as that streaming, in
 * a short session marked with who opened it. Recorded in the audit log and in the streaming's own
 * activity, so the customer sees that its reseller entered.
 */
export function createPanelAccess(deps: { db: Db; accounts: AccountsService; auth: AuthService; audit: AuditService; activity: ActivityService }) {
  const { db, accounts } = deps;
  return {
    async enter(caller: Caller, id: number): Promise<{ success: true; token: string; expira_em: string }> {
      const row = await accounts.get(db, id);
      if (!inScope(caller.scope, row) || row.tipo !== 'streaming') throw notFound();
      if (isSuspended(row.suspension)) throw new AppError('account_disabled');
      const token = await deps.auth.openFor(row, caller.actor.id ?? 0, PANEL_ACCESS_TTL_S);
      const by = caller.actor.id !== null ? await accounts.get(db, caller.actor.id) : undefined;
      await db.transaction().execute((tx) => deps.audit.record(tx, caller.actor, 'panel_accessed', row));
      await deps.activity.record(row.id, 'panel_accessed', by?.nome || caller.actor.label);
      return { success: true, token, expira_em: new Date(Date.now() + PANEL_ACCESS_TTL_S * 1000).toISOString() };
    },
  };
}
export type PanelAccess = ReturnType<typeof createPanelAccess>;
