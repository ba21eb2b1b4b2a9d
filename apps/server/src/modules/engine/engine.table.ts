import type { Generated } from 'kysely';
import type { ServerErrorCode } from '@painel/contract';

/** 'failing': restarted over and over (error holds the last reason); still retried, unlike 'error'. */
export type ProcessState = 'scheduled' | 'starting' | 'live' | 'reconnecting' | 'failing' | 'held' | 'error' | 'finished';

/**
 * The kinds of child the engine runs, one entry per kind, added by the module that owns it
 * (`declare module '../engine/engine.table.ts' { interface ChildKinds { playout: true } }`) beside
 * its definition's `children`: the engine itself names none.
 */
export interface ChildKinds {}
export type ChildKind = keyof ChildKinds & string;

export interface MediaProcessesTable {
  id: Generated<number>;
  user_id: number;
  node_id: number;
  kind: ChildKind;
  desired: 'running' | 'stopped';
  /** Set while something else holds the channel (OBS live): wanted, but not run now. */
  held: Generated<number>;
  start_at: string;
  end_at: string | null;
  transmission_id: number | null;
  state: ProcessState;
  /** Why it ended in error or keeps failing, in Portuguese (as shown to a pt-BR user); null otherwise. */
  error: string | null;
  /** The same reason by its catalogue code (packages/contract errors.ts): what code compares and other languages show. */
  error_code: ServerErrorCode | null;
  /** The values of that code's message, as JSON (null for a fixed text). */
  error_values: string | null;
  pid: number | null;
  restarts: Generated<number>;
  state_at: string;
  started_at: string | null;
  ended_at: string | null;
  created_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    media_processes: MediaProcessesTable;
  }
}
