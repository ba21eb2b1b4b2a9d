import fsp from 'node:fs/promises';
import type { Config } from './config.ts';
import { AppError, orDiskFull } from './errors.ts';
import { MB } from './units.ts';

/** What the check reads: the data directory and the threshold (MIN_FREE_MB), read at each call so a change applies at once. */
export type DiskThreshold = Pick<Config, 'dataDir' | 'minFreeMb'>;

export interface DiskSpace {
  /** MB an unprivileged process may still write on the data directory's file system (whole MB, rounded down). */
  freeMb: number;
  /** The configured minimum; 0 when the check is off. */
  minFreeMb: number;
  /** True when the check is on and the free space is under the minimum. */
  belowMinimum: boolean;
}

/** The free space of the data directory's disk against the minimum; null when the file system cannot be read. */
export async function diskSpace(t: DiskThreshold): Promise<DiskSpace | null> {
  const st = await fsp.statfs(t.dataDir).catch(() => null);
  if (!st) return null;
  const freeMb = Math.floor((Number(st.bavail) * Number(st.bsize)) / MB);
  return { freeMb, minFreeMb: t.minFreeMb, belowMinimum: t.minFreeMb > 0 && freeMb < t.minFreeMb };
}

/**
 * The one check every writer of new media (uploads over HTTP and FTP, link downloads,
 * conversions) calls before writing anything: throws `disk_space_low` (507) with the free and
 * the minimum MB when the data directory's disk is under MIN_FREE_MB. Off when the minimum is
 * 0; a file system that cannot be read is not a refusal (the write itself will tell).
 */
export async function ensureFreeSpace(t: DiskThreshold): Promise<void> {
  if (t.minFreeMb <= 0) return;
  const space = await diskSpace(t);
  if (space?.belowMinimum) throw new AppError('disk_space_low', { freeMb: space.freeMb, minMb: space.minFreeMb });
}

/** The most of MIN_FREE_MB a writer already running leaves untouched (see ensureReserve). */
const RESERVE_MAX_MB = 64;

/** MB a writer already running must leave free: MIN_FREE_MB up to 64; 0 when the check is off. */
export const reserveMb = (t: DiskThreshold): number => Math.max(0, Math.min(t.minFreeMb, RESERVE_MAX_MB));

/**
 * For a writer already running (an upload, a conversion, a link download), called as its file
 * grows: throws `disk_full` once the disk's free space falls under the reserve, so the panel's
 * own media never fill the disk to the last byte — the database, HLS and the logs, on the same
 * disk, keep room to write. Off when MIN_FREE_MB is 0 (then only the disk itself says no).
 */
export async function ensureReserve(t: DiskThreshold): Promise<void> {
  const reserve = reserveMb(t);
  if (reserve <= 0) return;
  const space = await diskSpace(t);
  if (space && space.freeMb < reserve) throw new AppError('disk_full');
}

/**
 * What a writer that failed tells its user: `disk_full` when the error says the disk is full
 * (ENOSPC, EDQUOT, SQLITE_FULL…) and also when an unexpected error comes while the data
 * directory's disk has less than 1 MB free — a transaction SQLite rolled back by itself on a full
 * disk surfaces as "cannot rollback", its cause lost. Call it before the writer's partial file is
 * removed (that frees the space). Anything else is returned as it is.
 */
export async function diskFullError(e: unknown, t: Pick<DiskThreshold, 'dataDir'>): Promise<unknown> {
  const told = orDiskFull(e);
  if (told instanceof AppError) return told;
  const space = await diskSpace({ dataDir: t.dataDir, minFreeMb: 0 });
  return space && space.freeMb < 1 ? new AppError('disk_full') : e;
}
