import type { Generated } from 'kysely';

export interface RelaysTable {
  id: Generated<number>;
  process_id: number;
  user_id: number;
  /** Sealed with the data folder's key. */
  url: string;
  tipo: 'rtmp' | 'm3u8';
  created_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    relays: RelaysTable;
  }
}
