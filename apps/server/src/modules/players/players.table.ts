import type { Generated } from 'kysely';

export interface LogosTable {
  id: Generated<number>;
  user_id: number;
  nome: string;
  arquivo: string;
  mime: string;
  tamanho: number;
  created_at: string;
}

export interface PlayerSettingsTable {
  user_id: number;
  player_type: string;
  watermark_enabled: number;
  logo_id: number | null;
  watermark_position: string;
  watermark_opacity: number;
  updated_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    logos: LogosTable;
    player_settings: PlayerSettingsTable;
  }
}
