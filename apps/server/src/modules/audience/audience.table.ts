import type { Generated } from 'kysely';

/** Ended viewer sessions summed per hour: see migration 008. */
export interface ViewerRollupsTable {
  hora: string;
  user_id: number;
  dim: 'c' | 'd' | 'b' | 'h';
  chave: string;
  codigo_pais: Generated<string>;
  cidade: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  sessoes: Generated<number>;
  segundos: Generated<number>;
}

declare module '../../platform/db.ts' {
  interface Database {
    viewer_rollups: ViewerRollupsTable;
  }
}
