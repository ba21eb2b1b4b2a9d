import type { Generated } from 'kysely';

export interface PlayoutsTable {
  id: Generated<number>;
  process_id: number;
  user_id: number;
  playlist_id: number | null;
  ending_playlist_id: number | null;
  booking_id: number | null;
  shuffle: number;
  loop: number;
  cursor: string;
  current_video_id: number | null;
  current_name: string | null;
  current_commercial: Generated<number>;
  current_started_at: string | null;
  current_offset: Generated<number>;
  played: Generated<number>;
  created_at: string;
}

export interface PlayoutPlaysTable {
  id: Generated<number>;
  process_id: number;
  video_id: number | null;
  nome: string;
  comercial: number;
  skipped: string | null;
  at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    playouts: PlayoutsTable;
    playout_plays: PlayoutPlaysTable;
  }
}
