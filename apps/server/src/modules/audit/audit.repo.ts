import type { Insertable } from 'kysely';
import type { Tx } from '../../platform/db.ts';
import type { AuditLogTable } from './audit.table.ts';

/** The audit log's rows. */
export function createAuditRepo() {
  return {
    insert: (tx: Tx, row: Insertable<AuditLogTable>) => tx.insertInto('audit_log').values(row).execute(),
    /** The newest entries: every one (revendaId null) or a reseller's streamings'. */
    recent: (tx: Tx, revendaId: number | null, limit: number) => {
      let q = tx.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit);
      if (revendaId !== null) q = q.where('revenda_id', '=', revendaId);
      return q.execute();
    },
  };
}
