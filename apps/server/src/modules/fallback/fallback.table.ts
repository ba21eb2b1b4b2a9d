import type { FallbackType } from '@painel/contract';

/** An account's standby signal (migration 020). */
export interface FallbackSettingsTable {
  user_id: number;
  tipo: FallbackType;
  codigo_playlist: number | null;
  texto: string | null;
  process_id: number | null;
  updated_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    fallback_settings: FallbackSettingsTable;
  }
}
