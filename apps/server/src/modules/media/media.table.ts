import type { Generated } from 'kysely';

export interface MediaServicesTable {
  node_id: number;
  name: string;
  state: string;
  pid: number | null;
  restarts: Generated<number>;
  last_error: string | null;
  control_url: string | null;
  changed_at: string;
  heartbeat_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    media_services: MediaServicesTable;
  }
}
