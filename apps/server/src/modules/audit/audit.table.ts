import type { Generated } from 'kysely';

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor: string;
  account_id: number | null;
  account: string;
  revenda_id: number | null;
  action: string;
  detail: string;
  created_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
