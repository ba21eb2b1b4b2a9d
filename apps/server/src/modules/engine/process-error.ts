import type { ServerErrorCode } from '@painel/contract';
import type { MediaProcessesTable } from './engine.table.ts';

/** Why a process ended in error or keeps failing, as the API answers it beside its Portuguese text. */
export interface ProcessError {
  code: ServerErrorCode | null;
  /** The values of the code's message (null for a fixed text). */
  values: Record<string, unknown> | null;
}

/**
 * The code and the values of a row's reason (error_code, error_values), the values read back from
 * their JSON: a client writes the reason in its user's language from them. Both null when the row
 * has no reason.
 */
export function processErrorOf(row: Pick<MediaProcessesTable, 'error_code' | 'error_values'>): ProcessError {
  let values: Record<string, unknown> | null = null;
  if (row.error_values !== null) {
    try {
      const parsed: unknown = JSON.parse(row.error_values);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) values = parsed as Record<string, unknown>;
    } catch {
      // unreadable values: the client shows the Portuguese text
    }
  }
  return { code: row.error_code, values };
}
