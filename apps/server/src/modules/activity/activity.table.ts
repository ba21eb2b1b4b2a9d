import type { Generated } from 'kysely';

export interface AccountEventsTable {
  id: Generated<number>;
  user_id: number;
  tipo: string;
  detalhe: string;
  created_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    account_events: AccountEventsTable;
  }
}
