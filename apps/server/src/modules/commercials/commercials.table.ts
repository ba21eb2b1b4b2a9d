import type { Generated } from 'kysely';

export interface CommercialsTable {
  id: Generated<number>;
  user_id: number;
  playlist_id: number;
  folder_id: number;
  quantidade: number;
  intervalo: number;
  ativo: number;
  created_at: string;
  updated_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    commercials: CommercialsTable;
  }
}
