/**
 * A write that met a full disk, however it is told: the system's ENOSPC (no space left) and
 * EDQUOT (quota exceeded), SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100). Looks through
 * `cause`. Callers turn it into `disk_full` (507): see orDiskFull in errors.ts.
 */
const CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

export function isDiskFull(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 4) return false;
  const { code, cause } = e as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && CODES.has(code)) return true;
  return isDiskFull(cause, depth + 1);
}

/**
 * The same, in what a child process printed before it failed: ffmpeg and nginx write the C
 * library's text, yt-dlp (Python) adds the errno ("[Errno 28] No space left on device").
 */
const FULL_OUTPUT = /No space left on device|Disk quota exceeded|\[Errno (28|122)\]/i;

export const diskFullIn = (lines: readonly string[]): boolean => lines.some((l) => FULL_OUTPUT.test(l));
