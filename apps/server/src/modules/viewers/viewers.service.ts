import { createHmac, randomBytes } from 'node:crypto';
import { VIEWER_TIMEOUT_MS, type ServerErrorCode, type ViewerKind, type ViewerOrigin } from '@painel/contract';
import type { Db, Dialect } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { ipKey } from '../../platform/ip-key.ts';
import { createViewersRepo, type ViewersRepo } from './viewers.repo.ts';
import { secret } from '../../platform/secrets.ts';
import { describeClient } from './client-info.ts';
import { shortCache } from '../../platform/short-cache.ts';

/** How many open sessions one address (an IPv6 /64) may hold on one channel; a further one replaces its oldest. */
export const MAX_SESSIONS_PER_IP = 20;

/** The code a refusal over the plan's viewer limit carries, so players tell it from a mere rate limit. */
export const VIEWER_LIMIT_CODE = 'viewer_limit' satisfies ServerErrorCode;

/** An outside player asks for the playlist every few seconds; its session is written at most this often. */
export const PULL_TOUCH_MS = 5000;

/** Signs of life are written together, this long after the first of them. */
const TOUCH_FLUSH_MS = 1000;

/** The live count a heartbeat answers with is at most this old. */
const COUNT_CACHE_MS = 1000;

export interface HeartbeatInput {
  userId: number;
  /**
   * The plan's limit of simultaneous live viewers (accounts.espectadores); a function is read
   * only when a session opens, so a plan changed a moment ago applies to the next viewer.
   */
  limit: number | (() => Promise<number>);
  sessionKey: string | undefined;
  /** live: the channel's stream, counted against the limit; vod: a library video, never limited. */
  kind: ViewerKind;
  source: string;
  ip: string;
  userAgent: string;
  /** Checked only before a new session opens (e.g. that the video still exists); throws to refuse. */
  admit?: () => Promise<void>;
}

export interface PullInput {
  userId: number;
  /** Read only when a session opens. */
  limit: () => Promise<number>;
  /** The stream whose playlist is asked for. */
  stream: string;
  /** The panel's own player names its session in the playlist address (?sessao=): its requests keep that session alive. */
  sessionKey: string | undefined;
  ip: string;
  userAgent: string;
}

interface Known { id: number; userId: number; started: number; touched: number }

/**
 * Viewer sessions. The panel's player opens and keeps one with heartbeats; an outside player
 * (VLC, a TV app, another site's hls.js) gets one from its playlist requests, one per client
 * (channel, address, user agent). A session counts while signs of life arrive
 * (VIEWER_TIMEOUT_MS). The plan's viewer limit applies to live viewers when a session opens:
 * an open session is never cut, a new one over the limit is refused (403, code viewer_limit);
 * library videos (vod) are not limited. One address holds at most MAX_SESSIONS_PER_IP open
 * sessions per channel: a new one beyond that replaces the address's least recently seen one,
 * so a single client cannot fill a channel's limit, and viewers behind one NAT still play.
 * A session records country, city and coordinates of the address, device and browser — the
 * address itself only as a keyed hash.
 */
export function createViewersService(deps: {
  db: Db; dialect: Dialect; repo: ViewersRepo; ipSalt: Buffer; now?: () => number; maxPerIp?: number;
}) {
  const { db, repo } = deps;
  const now = deps.now ?? Date.now;
  const maxPerIp = deps.maxPerIp ?? MAX_SESSIONS_PER_IP;
  const iso = (ms: number) => new Date(ms).toISOString();
  const activeSince = () => iso(now() - VIEWER_TIMEOUT_MS);
  const hmac = (text: string) => createHmac('sha256', deps.ipSalt).update(text).digest('hex').slice(0, 32);
  // the address itself is never stored: a keyed hash (of an IPv6's /64) still tells viewers apart
  const ipHash = (ip: string) => hmac(ipKey(ip));
  // sessions this process saw lately, so a sign of life usually costs no read
  const known = new Map<string, Known>();
  const remember = (key: string, k: Known) => {
    if (known.size >= 20_000) known.clear();
    known.set(key, k);
  };
  // signs of life not written yet: one UPDATE a second carries them all (a heartbeat is a viewer's
  // last_seen_at moving forward; a second's delay against a 30 s timeout changes nothing, and a
  // crash loses at most that second)
  const pending = new Map<number, { at: number; started: number; key: string }>();
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> = Promise.resolve();

  /** Records a sign of life of an open session, at most one per `minGapMs`. */
  function touch(key: string, k: Known, minGapMs: number): void {
    const t = now();
    if (t - k.touched < minGapMs) return;
    k.touched = t;
    pending.set(k.id, { at: t, started: k.started, key });
    timer ??= setTimeout(() => void flush(), TOUCH_FLUSH_MS).unref();
  }

  /** Writes the pending signs of life; a session found ended meanwhile is forgotten, so its viewer's next sign opens a new one. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    flushing = flushing.then(async () => {
      if (pending.size === 0) return;
      const batch = [...pending];
      pending.clear();
      for (let i = 0; i < batch.length; i += 500) {
        const rows = batch.slice(i, i + 500).map(([id, p]) => ({ id, at: iso(p.at), segundos: Math.max(0, Math.round((p.at - p.started) / 1000)) }));
        const alive = new Set(await repo.touchMany(db, rows));
        for (const [id, p] of batch.slice(i, i + 500)) if (!alive.has(id)) known.delete(p.key);
      }
    }).catch(() => undefined);
    return flushing;
  }

  /** Opens a session: the address's share and, for live, the plan's limit decide. */
  async function open(input: {
    userId: number; limit: number; kind: ViewerKind; origin: ViewerOrigin; source: string; ip: string; userAgent: string; client?: string;
  }): Promise<{ id: number; session: string; viewers: number; started: number }> {
    const t = now();
    const at = iso(t);
    const hash = ipHash(input.ip);
    const info = describeClient(input.ip, input.userAgent);
    return db.transaction().execute(async (tx) => {
      // PostgreSQL: serialise the check-then-insert per account (SQLite transactions already are)
      if (deps.dialect === 'postgres') await repo.lockAccount(tx, input.userId);
      let live = await repo.countActive(tx, input.userId, activeSince(), 'live');
      const ofIp = await repo.activeOfIp(tx, input.userId, hash, activeSince());
      if (ofIp.length >= maxPerIp) {
        // this address already holds its share: its oldest sessions make room, the count does not grow
        const ended = new Set<number>();
        for (const old of ofIp.slice(0, ofIp.length - maxPerIp + 1)) {
          await repo.endById(tx, old.id, at);
          ended.add(old.id);
          if (old.tipo === 'live') live -= 1;
        }
        // their viewers' next signs must find them ended, not this process's memory of them
        for (const [key, k] of known) if (ended.has(k.id)) known.delete(key);
      } else if (input.kind === 'live' && live >= input.limit) {
        throw new AppError(VIEWER_LIMIT_CODE, { limite: input.limit, viewers: live });
      }
      const session = randomBytes(18).toString('base64url');
      const { id } = await repo.insert(tx, {
        user_id: input.userId, session_key: session, source: input.source.slice(0, 500), ip_hash: hash,
        user_agent: input.userAgent.slice(0, 300), started_at: at, last_seen_at: at, ended_at: null,
        tipo: input.kind, origem: input.origin, cliente: input.client ?? null, ...info,
      });
      return { id, session, viewers: live + (input.kind === 'live' ? 1 : 0), started: t };
    });
  }

  /** A known entry still worth trusting: of this channel and signed within the timeout. */
  const fresh = (k: Known | undefined, userId: number) => (k && k.userId === userId && now() - k.touched < VIEWER_TIMEOUT_MS ? k : undefined);

  /** The open session a key names on this channel, from memory or the database; undefined when it ended or never was. */
  async function openSession(sessionKey: string, userId: number): Promise<Known | undefined> {
    const hit = fresh(known.get(`s:${sessionKey}`), userId);
    if (hit) return hit;
    const s = await repo.byKey(db, sessionKey);
    if (!s || s.user_id !== userId || s.ended_at || s.last_seen_at < activeSince()) return undefined;
    const k = { id: s.id, userId: s.user_id, started: Date.parse(s.started_at), touched: Date.parse(s.last_seen_at) };
    remember(`s:${sessionKey}`, k);
    return k;
  }

  const count = (userId: number, kind: ViewerKind) => repo.countActive(db, userId, activeSince(), kind);
  // the number a player's counter shows, read at most once a second per channel: counting is as
  // long as the audience, and every viewer asks every few seconds (the limit itself is always counted exactly)
  const shownCount = shortCache(COUNT_CACHE_MS, (userId: number) => count(userId, 'live'), { now });

  return {
    /** Live viewers now: the dashboard's and the player's count, and what the limit applies to. */
    active: (userId: number) => count(userId, 'live'),
    activeVod: (userId: number) => count(userId, 'vod'),
    /** The live count a player's counter shows (at most a second old), for a page that holds no session. */
    shown: (userId: number) => shownCount(userId),
    activeByUser: async () => new Map((await repo.liveByUser(db, activeSince())).map((r) => [r.user_id, Number(r.n)])),
    /** Sessions not ended, by kind (metrics: what Prometheus reads). */
    openByKind: async () => (await repo.openByKind(db)).map((r) => ({ kind: r.tipo, n: Number(r.n) })),

    /** The player page's heartbeat: keeps its session, or opens one. `viewers` is the live count. */
    async heartbeat(input: HeartbeatInput): Promise<{ session: string; viewers: number }> {
      if (input.sessionKey) {
        const k = await openSession(input.sessionKey, input.userId);
        if (k) {
          touch(`s:${input.sessionKey}`, k, 0);
          return { session: input.sessionKey, viewers: await shownCount(input.userId) };
        }
      }
      await input.admit?.();
      const limit = typeof input.limit === 'function' ? await input.limit() : input.limit;
      const r = await open({ ...input, limit, origin: 'player' });
      remember(`s:${r.session}`, { id: r.id, userId: input.userId, started: r.started, touched: r.started });
      return { session: r.session, viewers: r.viewers };
    },

    /**
     * A request for a live playlist. The panel's player names its session and only keeps it
     * alive (its heartbeats opened it); any other client is one session per (channel, address,
     * user agent), opened on its first request — refused over the limit — and renewed after.
     */
    async pull(input: PullInput): Promise<void> {
      if (input.sessionKey) {
        const k = await openSession(input.sessionKey, input.userId);
        if (k) return touch(`s:${input.sessionKey}`, k, PULL_TOUCH_MS);
      }
      const client = hmac(`${input.userId}\n${input.stream}\n${ipKey(input.ip)}\n${input.userAgent}`);
      let k = fresh(known.get(`c:${client}`), input.userId);
      if (!k) {
        const s = await repo.openOfClient(db, client);
        if (s && s.user_id === input.userId && s.last_seen_at >= activeSince()) {
          k = { id: s.id, userId: s.user_id, started: Date.parse(s.started_at), touched: Date.parse(s.last_seen_at) };
          remember(`c:${client}`, k);
        }
      }
      if (k) return touch(`c:${client}`, k, PULL_TOUCH_MS);
      const r = await open({
        userId: input.userId, limit: await input.limit(), kind: 'live', origin: 'hls', source: input.stream, ip: input.ip, userAgent: input.userAgent, client,
      });
      remember(`c:${client}`, { id: r.id, userId: input.userId, started: r.started, touched: r.started });
    },

    leave: (sessionKey: string) => {
      known.delete(`s:${sessionKey}`);
      return repo.end(db, sessionKey, iso(now()));
    },
    flush,
    expire: () => repo.expire(db, activeSince()),
  };
}
export type ViewersService = ReturnType<typeof createViewersService>;

/** The viewer sessions of this installation; every process (API, worker) hashes addresses with the same salt. */
export const createViewers = (core: { store: { db: Db; dialect: Dialect }; config: { dataDir: string } }): ViewersService =>
  createViewersService({ db: core.store.db, dialect: core.store.dialect, repo: createViewersRepo(), ipSalt: secret(core.config.dataDir, 'viewer-ip.key') });
