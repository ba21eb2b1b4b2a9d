import type { Generated } from 'kysely';

export interface PlaylistsTable {
  id: Generated<number>;
  user_id: number;
  nome: string;
  created_at: string;
  updated_at: string;
}

export interface PlaylistVideosTable {
  id: Generated<number>;
  playlist_id: number;
  video_id: number;
  ordem: number;
}

declare module '../../platform/db.ts' {
  interface Database {
    playlists: PlaylistsTable;
    playlist_videos: PlaylistVideosTable;
  }
}
