import type { Generated } from 'kysely';
import type { EndReason, TransmissionType } from '@painel/contract';

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
  /** Why it ended, by code (migration 022); a source's error keeps its text in end_detail. */
  end_reason: EndReason | null;
  end_detail: string | null;
  peak_bitrate: Generated<number>;
  peak_viewers: Generated<number>;
}

declare module '../../platform/db.ts' {
  interface Database {
    transmissions: TransmissionsTable;
  }
}
