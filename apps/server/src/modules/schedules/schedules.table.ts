import type { Generated } from 'kysely';

export interface BookingsTable {
  id: Generated<number>;
  user_id: number;
  playlist_id: number;
  shuffle: number;
  frequencia: 'diariamente' | 'dias_da_semana' | 'uma_vez';
  dias_semana: string;
  ending_playlist_id: number | null;
  inicio: string;
  last_occurrence: string | null;
  last_run_at: string | null;
  last_delay_s: number | null;
  /** A lower bound of the next occurrence's instant (ISO): the worker looks at the row from then on. */
  next_due_at: Generated<string>;
  created_at: string;
  updated_at: string;
}

declare module '../../platform/db.ts' {
  interface Database {
    bookings: BookingsTable;
  }
}
