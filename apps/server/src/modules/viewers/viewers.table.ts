import type { Generated } from 'kysely';
import type { ViewerKind, ViewerOrigin } from '@painel/contract';

export interface ViewerSessionsTable {
  id: Generated<number>;
  user_id: number;
  session_key: string;
  source: string;
  ip_hash: string;
  user_agent: string;
  started_at: string;
  last_seen_at: string;
  ended_at: string | null;
  tipo: Generated<ViewerKind>;
  origem: Generated<ViewerOrigin>;
  /** An outside player's client key (channel, address, user agent) while its session is open. */
  cliente: string | null;
  codigo_pais: Generated<string>;
  cidade: Generated<string>;
  latitude: number | null;
  longitude: number | null;
  dispositivo: Generated<string>;
  navegador: Generated<string>;
  /** Seconds watched: from the start to the last sign of life. */
  segundos: Generated<number>;
  /** 1 once the worker has summed the ended session into viewer_rollups. */
  rolled: Generated<number>;
}

declare module '../../platform/db.ts' {
  interface Database {
    viewer_sessions: ViewerSessionsTable;
  }
}
