import fsp from 'node:fs/promises';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
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
