import { z } from 'zod';
import { hasControlChars, noControlChars } from './control-chars.ts';
import { VIDEO_EXTENSIONS } from './library.ts';
import { coded, codedIssue } from './coded.ts';

/*
 * FTP migration: the customer's videos on an old host's FTP server are brought into a folder of
 * the library. Every call needs the session and acts on the acting account only.
 *
 *   GET  /api/ftp/connection-status                         → FtpConnectionStatus
 *   POST /api/ftp/connect        {ip, usuario, senha, porta} → FtpListResponse      400 502
 *   POST /api/ftp/list           {path}                     → FtpListResponse      400 409 502
 *   POST /api/ftp/scan-directory {directoryPath}            → FtpScanResponse      400 409 502
 *   POST /api/ftp/disconnect                                → { success, message }
 *   POST /api/ftp/migrate        {files, destinationFolder} → { success, message }  400 404 409
 *   GET  /api/ftp/migration-status                          → MigrationStatus
 *   POST /api/ftp/cancel-migration                          → { success, message }  404
 *
 * The browsing session (connect, list, scan) is held by the API for the account; the migration
 * is a job the media worker runs with its own connection, so it goes on when the page closes.
 */

export const FTP_DEFAULT_PORT = 21;
/** Files one migration takes: a job's progress and error list stay small enough to read every second. */
export const FTP_MIGRATION_MAX_FILES = 200;
/** The progress popup lists this many errors, then a count of the rest. */
export const FTP_ERRORS_SHOWN = 5;
export const FTP_PATH_MAX = 1024;
export const FTP_TIMINGS = {
  /** Migration status is polled this often while a migration runs. */
  migrationPollMs: 5000,
} as const;

/** Only these can be ticked for migration (MP4, AVI, MOV, WMV, FLV, WebM, MKV). */
export function isFtpVideoName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && (VIDEO_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
}

/** The last segment of a remote path, as shown to the user. */
export function remoteBaseName(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || '/';
}

/**
 * An absolute remote path. CR and LF would end the FTP command and start another one on the
 * control connection, and NUL cuts names in many servers: those, like every other control
 * character, are refused (the listing leaves out entries so named, see isRemoteName).
 */
export function isRemotePath(p: string): boolean {
  return p.startsWith('/') && p.length <= FTP_PATH_MAX && !hasControlChars(p);
}

/** Whether a name from a remote listing can become a path the migration accepts. */
export const isRemoteName = (name: string): boolean => !hasControlChars(name);

/** A host name, an IPv4 address or an IPv6 address (bracketed or not); nothing else reaches the guard. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[0-9a-f]*:[0-9a-f:.]*|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)$/i;

// the login goes into the USER command and the host to the resolver: no control characters
const required = (max: number) =>
  noControlChars(z.string(coded('ftp_fields_required')).trim().min(1, coded('ftp_fields_required')).max(max, coded('invalid_data')));

/** The port typed in the form: anything that is not a port number falls back to 21. */
function portOf(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v.trim()) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 65535 ? n : FTP_DEFAULT_PORT;
}

export const ftpConnectBody = z.object({
  ip: required(255)
    // people paste addresses as they see them in other FTP programs
    .transform((s) => s.replace(/^ftp:\/\//i, '').replace(/\/+$/, ''))
    .pipe(z.string().min(1, coded('ftp_fields_required')).regex(HOST, coded('ftp_invalid_host'))),
  usuario: required(255),
  // a password is sent as typed (spaces and tabs included: PASS takes any character but CR and
  // LF), but a blank one is "not filled in"
  senha: noControlChars(
    z.string(coded('ftp_fields_required')).max(255, coded('invalid_data')).refine((s) => s.trim().length > 0, coded('ftp_fields_required')),
    { allowTab: true },
  ),
  porta: z.unknown().transform(portOf),
});
export type FtpConnectBody = z.infer<typeof ftpConnectBody>;

const remotePath = z.string(coded('ftp_remote_path_invalid')).refine(isRemotePath, coded('ftp_remote_path_invalid'));

export const ftpListBody = z.object({ path: remotePath.optional().default('/') });
export const ftpScanBody = z.object({ directoryPath: remotePath });

export const ftpMigrateBody = z.object({
  files: z
    .array(z.string(coded('ftp_remote_path_invalid')), coded('ftp_select_file'))
    .min(1, coded('ftp_select_file'))
    .transform((files) => [...new Set(files)])
    .superRefine((files, ctx) => {
      if (files.length > FTP_MIGRATION_MAX_FILES) {
        ctx.addIssue(codedIssue('ftp_too_many_files', { max: FTP_MIGRATION_MAX_FILES }));
        return;
      }
      for (const f of files) {
        const problem = !isRemotePath(f)
          ? codedIssue('ftp_remote_path_invalid')
          : !isFtpVideoName(remoteBaseName(f)) ? codedIssue('ftp_only_videos', { nome: remoteBaseName(f) }) : null;
        if (problem) {
          ctx.addIssue(problem);
          return;
        }
      }
    }),
  destinationFolder: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
    z.number(coded('ftp_select_folder')).int(coded('ftp_select_folder')).positive(coded('ftp_select_folder')),
  ),
});
export type FtpMigrateBody = z.infer<typeof ftpMigrateBody>;

/** One line of the remote listing. */
export const ftpEntrySchema = z.object({
  /** As the server lists it; shown as text, never used as a local path. */
  name: z.string(),
  /** The remote path to list or migrate it. */
  path: z.string(),
  type: z.enum(['file', 'directory']),
  isVideo: z.boolean(),
  /** Bytes, as listed (0 for directories). */
  size: z.number(),
});
export type FtpEntry = z.infer<typeof ftpEntrySchema>;

/** A video found by a scan of a directory tree. */
export const scannedVideoSchema = z.object({
  name: z.string(),
  path: z.string(),
  /** The remote directory it is in. */
  directory: z.string(),
  size: z.number(),
});
export type ScannedVideo = z.infer<typeof scannedVideoSchema>;

export const ftpConnectionStatusSchema = z.object({
  success: z.literal(true),
  connected: z.boolean(),
  host: z.string().nullable(),
  porta: z.number().nullable(),
  usuario: z.string().nullable(),
  /** The directory listed last, where the browser reopens. */
  currentPath: z.string().nullable(),
});
export type FtpConnectionStatus = z.infer<typeof ftpConnectionStatusSchema>;

/** POST /api/ftp/list, and POST /api/ftp/connect (the login directory's listing); a failed login is an error answer (400, 502). */
export const ftpListResponseSchema = z.object({
  success: z.literal(true),
  files: z.array(ftpEntrySchema),
  currentPath: z.string(),
});
export type FtpListResponse = z.infer<typeof ftpListResponseSchema>;
export type FtpConnectResponse = FtpListResponse;

export const ftpScanResponseSchema = z.object({
  success: z.literal(true),
  videos: z.array(scannedVideoSchema),
  scanned_directories: z.number(),
  /** True when a limit (depth, directories, entries, time) stopped the scan before the whole tree was seen. */
  truncated: z.boolean(),
  message: z.string().optional(),
});
export type FtpScanResponse = z.infer<typeof ftpScanResponseSchema>;

/** POST /api/ftp/migrate: the queued migration's job id. */
export const ftpMigrationStartedSchema = z.object({ success: z.literal(true), message: z.string(), id: z.number() });

/** idle: no migration yet (or the last one was cancelled). */
export const MIGRATION_STATES = ['idle', 'migrating', 'completed', 'error'] as const;
export type MigrationState = (typeof MIGRATION_STATES)[number];

export const migrationStatusSchema = z.object({
  success: z.literal(true),
  /** The migration this status is of (its job), so a page can tell its own from an older one; null when idle. */
  id: z.number().nullable(),
  migrating: z.boolean(),
  status: z.enum(MIGRATION_STATES),
  /** Files processed (migrated or refused) and files in the migration. */
  completed: z.number(),
  total: z.number(),
  /** Files that arrived in the folder. */
  migrated: z.number(),
  /** MB of the files to migrate (as the server reports them), and MB already transferred. */
  total_size: z.number(),
  transferred_size: z.number(),
  /** Percent. */
  progress: z.number(),
  /** Seconds since the migration started (its whole run once it ended). */
  uptime: z.number(),
  /** Minutes (to a tenth), from the rate so far; null until there is a rate to tell. */
  estimated_remaining: z.number().nullable(),
  /** One text per file that did not arrive, and the reason a migration stopped, if it did. */
  errors: z.array(z.string()),
  /** The file being transferred now. */
  current: z.string().nullable(),
});
export type MigrationStatus = z.infer<typeof migrationStatusSchema>;
