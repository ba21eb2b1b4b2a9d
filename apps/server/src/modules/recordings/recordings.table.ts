import type { Generated } from 'kysely';

export interface RecordingSettingsTable {
  user_id: number;
  ativo: Generated<number>;
  updated_at: string;
}

export interface RecordingChoicesTable {
  transmission_id: number;
  user_id: number;
  gravar: number;
}

/** 'recording', 'paused', 'finishing', 'done', 'failed' (018-recordings.ts). */
export type RecordingRowState = 'recording' | 'paused' | 'finishing' | 'done' | 'failed';

export interface RecordingsTable {
  id: Generated<number>;
  user_id: number;
  node_id: number;
  transmission_id: number | null;
  process_id: number | null;
  /** {login}_live */
  stream_name: string;
  titulo: string;
  state: RecordingRowState;
  stop_reason: 'quota' | 'disk_full' | null;
  /** A catalogue code (recording_empty, recording_not_saved…) when it failed. */
  error: string | null;
  resume_until: string | null;
  bytes: Generated<number>;
  video_id: number | null;
  started_at: string;
  ended_at: string | null;
  updated_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    recording_settings: RecordingSettingsTable;
    recording_choices: RecordingChoicesTable;
    recordings: RecordingsTable;
  }
}
