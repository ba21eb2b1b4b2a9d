import fs from 'node:fs/promises';

/**
 * File moves made inside a database transaction, undone when the transaction fails, so a
 * row and its file change together or not at all (a rename within one file system is
 * atomic; the commit is the other half).
 */
export function createMoves() {
  const done: [string, string][] = [];
  return {
    /** Moves from → to; a missing source is reported as false (nothing to move). */
    async move(from: string, to: string, opts: { missingOk?: boolean } = {}): Promise<boolean> {
      try {
        await fs.rename(from, to);
      } catch (e) {
        if (opts.missingOk && (e as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw e;
      }
      done.push([from, to]);
      return true;
    },
    async undo(): Promise<void> {
      for (const [from, to] of done.reverse()) await fs.rename(to, from).catch(() => undefined);
      done.length = 0;
    },
  };
}

export const exists = (p: string): Promise<boolean> => fs.lstat(p).then(() => true, () => false);
