import type { Generated } from 'kysely';

export interface FoldersTable {
  id: Generated<number>;
  user_id: number;
  nome: string;
  created_at: string;
  updated_at: string;
}

export interface VideosTable {
  id: Generated<number>;
  user_id: number;
  folder_id: number;
  nome: string;
  arquivo: string;
  tamanho: number;
  duracao: number;
  formato_original: string;
  is_mp4: number;
  codec_video: string;
  codec_audio: string | null;
  pix_fmt: string | null;
  largura: number;
  altura: number;
  bitrate_video: number;
  otimizado: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface UploadReservationsTable {
  id: Generated<number>;
  user_id: number;
  bytes: number;
  updated_at: number;
}

declare module '../../platform/db.ts' {
  interface Database {
    folders: FoldersTable;
    videos: VideosTable;
    upload_reservations: UploadReservationsTable;
  }
}
