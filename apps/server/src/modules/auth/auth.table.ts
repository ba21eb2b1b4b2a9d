import type { Generated } from 'kysely';

export interface AuthFailuresTable {
  id: Generated<number>;
  key: string;
  at: number;
}

export interface RevokedSessionsTable {
  sid: string;
  /** epoch seconds: when the token would have expired anyway */
  expires_at: number;
}

declare module '../../platform/db.ts' {
  interface Database {
    auth_failures: AuthFailuresTable;
    revoked_sessions: RevokedSessionsTable;
  }
}
