import type { Generated } from 'kysely';
import type { TransmissionType } from '@painel/contract';

export interface TransmissionsTable {
  id: Generated<number>;
  user_id: number;
  node_id: number;
  tipo: TransmissionType;
  titulo: string;
  codigo_playlist: number | null;
  stream_name: string;
  status: 'waiting' | 'live' | 'ended';
  platform_ids: string;
  client_id: string | null;
  publish_addr: string | null;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  end_reason: string | null;
  peak_bitrate: Generated<number>;
  peak_viewers: Generated<number>;
}

declare module '../../platform/db.ts' {
  interface Database {
    transmissions: TransmissionsTable;
  }
}
