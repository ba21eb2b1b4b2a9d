import type { Generated } from 'kysely';

/** An account's SRT ingest (migration 019): its UDP port, kept while it is off. */
export interface SrtIngestTable {
  user_id: number;
  port: number;
  ativo: Generated<number>;
  updated_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    srt_ingest: SrtIngestTable;
  }
}
