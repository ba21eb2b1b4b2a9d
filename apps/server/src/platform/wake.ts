import fs from 'node:fs';
import path from 'node:path';

/*
 * A nudge from this node's API to its worker, which run side by side on one machine with one
 * DATA_DIR: the API writes a small file and the worker, watching it (inotify), runs its engine at
 * once instead of at its next pass. Used where seconds count (a standby taking the channel when
 * OBS drops). A lost nudge costs only the wait for the next pass, which still comes.
 */

const fileOf = (dataDir: string, nodeId: number) => path.join(dataDir, 'run', `engine-${nodeId}.wake`);

/** Wakes the node's worker (never throws: the worker's own pass follows anyway). */
export function signalWake(dataDir: string, nodeId: number): void {
  const file = fileOf(dataDir, nodeId);
  fs.promises.mkdir(path.dirname(file), { recursive: true })
    .then(() => fs.promises.writeFile(file, String(Date.now())))
    .catch(() => undefined);
}

/** Calls `onWake` whenever the node's API nudges; the returned function stops watching. */
export function watchWake(dataDir: string, nodeId: number, onWake: () => void): () => void {
  const file = fileOf(dataDir, nodeId);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, '0');
  let watcher: fs.FSWatcher | null = null;
  try {
    watcher = fs.watch(file, { persistent: false }, () => onWake());
    watcher.on('error', () => watcher?.close());
  } catch {
    // no inotify here: the worker's pass every few seconds is the only start
  }
  return () => watcher?.close();
}
