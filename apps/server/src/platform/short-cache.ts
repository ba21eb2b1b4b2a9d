/**
 * Answers kept for a moment: what a public endpoint asks the database on every request of
 * every viewer (is this channel live, which account is this login) changes rarely, and a second
 * of delay in noticing a change is invisible, while the reads add up to most of a request.
 * Concurrent asks for the same key share one read. Only answers `keep` accepts are kept (e.g.
 * "live", not "offline", so a channel that goes live is seen at once).
 */
export function shortCache<K, V>(ttlMs: number, load: (key: K) => Promise<V>, opts: { keep?: (v: V) => boolean; max?: number; now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  const max = opts.max ?? 10_000;
  const entries = new Map<K, { at: number; value: Promise<V> }>();
  return (key: K): Promise<V> => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    const value = load(key);
    if (entries.size >= max) entries.clear();
    entries.set(key, { at: now(), value });
    value.then((v) => { if (opts.keep && !opts.keep(v)) entries.delete(key); }, () => entries.delete(key));
    return value;
  };
}
