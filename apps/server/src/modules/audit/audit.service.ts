import type { AuditAction } from '@painel/contract';
import { nowIso, type Db, type Tx } from '../../platform/db.ts';
import { createAuditRepo } from './audit.repo.ts';

/** Who acted: an account (by its id and login) or a billing system's key (`api:<name>`). */
export interface Actor {
  id: number | null;
  label: string;
}

/** The account acted on, as it was when the entry was written. */
export interface AuditedAccount {
  id: number;
  usuario: string;
  revenda_id: number | null;
}

/**
 * The audit log: who did what to which account and when. Written in the same transaction as
 * the change it records; read by the operator (everything) and by a reseller (its streamings).
 */
export function createAuditService(deps: { db: Db }) {
  const { db } = deps;
  const repo = createAuditRepo();
  return {
    record: (tx: Tx, actor: Actor, action: AuditAction, account: AuditedAccount, detail = '') =>
      repo.insert(tx, {
        actor_id: actor.id, actor: actor.label, account_id: account.id, account: account.usuario,
        revenda_id: account.revenda_id, action, detail: detail.slice(0, 500), created_at: nowIso(),
      }),
    /** The newest entries: every one (revendaId null, the operator) or a reseller's streamings'. */
    recent: (revendaId: number | null, limit = 200) => repo.recent(db, revendaId, limit),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
