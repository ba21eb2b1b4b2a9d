/**
 * A fixed-window counter per key, in memory: enough to keep public endpoints (player
 * heartbeats) sane on one API process. Keys of past windows are dropped as windows turn.
 */
export function createRateLimiter(opts: { windowMs: number; max: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  let window = Math.floor(now() / opts.windowMs);
  let counts = new Map<string, number>();
  return {
    /** Counts one hit; false once the key has used up this window. */
    hit(key: string): boolean {
      const w = Math.floor(now() / opts.windowMs);
      if (w !== window) {
        window = w;
        counts = new Map();
      }
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      return n <= opts.max;
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
