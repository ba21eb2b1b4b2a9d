import type { FtpEntry, ScannedVideo } from '@painel/contract';

/**
 * How far one scan goes. A request must not be held by a huge tree or by links that loop
 * (`/a/b` pointing back to `/a`): the scan stops at whichever limit comes first and says so.
 */
export interface ScanLimits {
  /** Levels below the directory scanned. */
  maxDepth: number;
  maxDirectories: number;
  /** Entries listed in all (files and directories). */
  maxEntries: number;
  timeMs: number;
}

export const SCAN_LIMITS: ScanLimits = { maxDepth: 8, maxDirectories: 300, maxEntries: 20_000, timeMs: 30_000 };

export interface ScanResult {
  videos: ScannedVideo[];
  scanned_directories: number;
  truncated: boolean;
}

/**
 * Breadth first from `root`: the nearest videos come first when a limit cuts the scan. A
 * subdirectory that cannot be listed (no permission) is passed over; the root must list.
 */
export async function scanTree(
  list: (dir: string) => Promise<FtpEntry[]>, root: string, limits: ScanLimits = SCAN_LIMITS, now: () => number = Date.now,
): Promise<ScanResult> {
  const deadline = now() + limits.timeMs;
  const queue: { dir: string; depth: number }[] = [{ dir: root, depth: 0 }];
  const seen = new Set<string>([root]);
  const videos: ScannedVideo[] = [];
  let scanned = 0;
  let entries = 0;
  let truncated = false;
  while (queue.length) {
    if (scanned >= limits.maxDirectories || entries >= limits.maxEntries || now() >= deadline) {
      truncated = true;
      break;
    }
    const { dir, depth } = queue.shift()!;
    let listed: FtpEntry[];
    try {
      listed = await list(dir);
    } catch (e) {
      if (dir === root) throw e;
      continue;
    }
    scanned += 1;
    entries += listed.length;
    for (const entry of listed) {
      if (entry.type === 'file') {
        if (entry.isVideo) videos.push({ name: entry.name, path: entry.path, directory: dir, size: entry.size });
        continue;
      }
      // a name with a slash would name some other place on the server, not a child of this one
      if (entry.name.includes('/') || seen.has(entry.path)) continue;
      if (depth + 1 > limits.maxDepth) {
        truncated = true;
        continue;
      }
      seen.add(entry.path);
      queue.push({ dir: entry.path, depth: depth + 1 });
    }
  }
  return { videos, scanned_directories: scanned, truncated };
}
