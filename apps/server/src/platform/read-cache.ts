import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Answers of the pages every owner keeps open (the dashboard's figures, the broadcast status,
 * the folder list), kept for a moment per account. Each one costs several queries, and a panel
 * open in a few tabs, a reseller's screens and the pages' polling ask the same thing many
 * times a second.
 *
 * - An answer is reused for at most `ttlMs` (1 s): what other processes change (the worker's
 *   process states, nginx's publishers) shows up within that, as it did with the media
 *   server's own 1-s stat cache.
 * - Any change an account makes through this API (every request other than GET/HEAD) drops
 *   that account's answers when it ends, and one that was being computed meanwhile is not
 *   kept: the owner never sees their own change undone.
 * - A broadcast starting or ending (nginx's publish callbacks) drops every account's answers.
 * - The session is checked before the cache is read, on every request: a revoked session
 *   or a disabled account is refused at once.
 */
export interface ReadCache {
  get<T>(req: FastifyRequest, key: string, load: () => Promise<T>): Promise<T>;
  forget(userId: number): void;
  clear(): void;
}

interface Entry { at: number; epoch: number; value: Promise<unknown> }

export function createReadCache(opts: { ttlMs: number; now?: () => number }): ReadCache {
  const now = opts.now ?? Date.now;
  const byUser = new Map<number, Map<string, Entry>>();
  const epochs = new Map<number, number>();
  let generation = 0;
  const epochOf = (userId: number) => generation * 1e6 + (epochs.get(userId) ?? 0);

  return {
    get<T>(req: FastifyRequest, key: string, load: () => Promise<T>): Promise<T> {
      if (opts.ttlMs <= 0) return load();
      const userId = req.auth.userId;
      // a reseller acting as one of its channels sees the channel's data with its own account
      const k = `${req.auth.account.id}:${key}`;
      const epoch = epochOf(userId);
      let entries = byUser.get(userId);
      const hit = entries?.get(k);
      if (hit && hit.epoch === epoch && now() - hit.at < opts.ttlMs) return hit.value as Promise<T>;
      const value = load();
      if (!entries) byUser.set(userId, (entries = new Map()));
      const entry: Entry = { at: now(), epoch, value };
      entries.set(k, entry);
      value.catch(() => {
        if (byUser.get(userId)?.get(k) === entry) byUser.get(userId)!.delete(k);
      });
      return value;
    },
    forget(userId: number): void {
      epochs.set(userId, (epochs.get(userId) ?? 0) + 1);
      byUser.delete(userId);
    },
    clear(): void {
      generation += 1;
      byUser.clear();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-account answers of the most polled pages (see createReadCache). */
    readCache: ReadCache;
  }
}

/** Drops the answers an account's change makes stale, once the change is answered. */
export function installReadCacheInvalidation(app: FastifyInstance, cache: ReadCache): void {
  app.addHook('onResponse', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (req.auth) cache.forget(req.auth.userId);
  });
}
