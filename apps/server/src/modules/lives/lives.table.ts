import type { Generated } from 'kysely';

export interface LivesTable {
  id: Generated<number>;
  user_id: number;
  process_id: number;
  tipo: string;
  servidor_rtmp: string;
  /** Sealed with the data folder's key; opened only by the worker that pushes to it. */
  chave: string;
  servidor_stm: string;
  transmission_id: number | null;
  created_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    lives: LivesTable;
  }
}
