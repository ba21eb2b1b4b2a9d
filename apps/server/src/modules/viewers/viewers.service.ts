import { createHmac, randomBytes } from 'node:crypto';
import { VIEWER_TIMEOUT_MS, msg } from '@painel/contract';
import type { Db, Dialect } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { ipKey } from '../../platform/ip-key.ts';
import { createViewersRepo, type ViewersRepo } from './viewers.repo.ts';
import { secret } from '../../platform/secrets.ts';

/** How many open sessions one address (an IPv6 /64) may hold on one channel; a further one replaces its oldest. */
export const MAX_SESSIONS_PER_IP = 20;

/** The code a refusal over the plan's viewer limit carries, so players tell it from a mere rate limit. */
export const VIEWER_LIMIT_CODE = 'viewer_limit';

export interface HeartbeatInput {
  userId: number;
  /** The plan's limit of simultaneous viewers (accounts.espectadores). */
  limit: number;
  sessionKey: string | undefined;
  source: string;
  ip: string;
  userAgent: string;
  /** Checked only before a new session opens (e.g. that the video still exists); throws to refuse. */
  admit?: () => Promise<void>;
}

/**
 * Viewer sessions, opened and kept alive by the player's heartbeats. A session counts while
 * heartbeats arrive (VIEWER_TIMEOUT_MS). The plan's viewer limit is enforced when a session
 * opens: an open session is never cut, a new one over the limit is refused (403, code
 * viewer_limit). One address holds at most MAX_SESSIONS_PER_IP open sessions per channel: a
 * new one beyond that replaces the address's least recently seen session instead of adding
 * one, so a single client cannot fill a channel's limit, and viewers behind one NAT still play.
 */
export function createViewersService(deps: {
  db: Db; dialect: Dialect; repo: ViewersRepo; ipSalt: Buffer; now?: () => number; maxPerIp?: number;
}) {
  const { db, repo } = deps;
  const now = deps.now ?? Date.now;
  const maxPerIp = deps.maxPerIp ?? MAX_SESSIONS_PER_IP;
  const iso = (ms: number) => new Date(ms).toISOString();
  const activeSince = () => iso(now() - VIEWER_TIMEOUT_MS);
  // the address itself is never stored: a keyed hash (of an IPv6's /64) still tells viewers apart
  const ipHash = (ip: string) => createHmac('sha256', deps.ipSalt).update(ipKey(ip)).digest('hex').slice(0, 32);

  return {
    active: (userId: number) => repo.countActive(db, userId, activeSince()),
    activeByUser: async () => new Map((await repo.activeByUser(db, activeSince())).map((r) => [r.user_id, Number(r.n)])),

    async heartbeat(input: HeartbeatInput): Promise<{ session: string; viewers: number }> {
      const at = iso(now());
      if (input.sessionKey) {
        const s = await repo.byKey(db, input.sessionKey);
        if (s && s.user_id === input.userId && !s.ended_at && s.last_seen_at >= activeSince()) {
          await repo.touch(db, s.id, at);
          return { session: s.session_key, viewers: await repo.countActive(db, input.userId, activeSince()) };
        }
      }
      await input.admit?.();
      const hash = ipHash(input.ip);
      return db.transaction().execute(async (tx) => {
        // PostgreSQL: serialise the check-then-insert per account (SQLite transactions already are)
        if (deps.dialect === 'postgres') await repo.lockAccount(tx, input.userId);
        let viewers = await repo.countActive(tx, input.userId, activeSince());
        const ofIp = await repo.activeOfIp(tx, input.userId, hash, activeSince());
        if (ofIp.length >= maxPerIp) {
          // this address already holds its share: its oldest sessions make room, the count does not grow
          for (const old of ofIp.slice(0, ofIp.length - maxPerIp + 1)) await repo.endById(tx, old.id, at);
          viewers -= ofIp.length - maxPerIp + 1;
        } else if (viewers >= input.limit) {
          throw new AppError(403, msg.playerViewerLimit, { code: VIEWER_LIMIT_CODE, limite: input.limit, viewers });
        }
        const session = randomBytes(18).toString('base64url');
        await repo.insert(tx, {
          user_id: input.userId, session_key: session, source: input.source.slice(0, 500),
          ip_hash: hash, user_agent: input.userAgent.slice(0, 300), started_at: at, last_seen_at: at, ended_at: null,
        });
        return { session, viewers: viewers + 1 };
      });
    },

    leave: (sessionKey: string) => repo.end(db, sessionKey, iso(now())),
    expire: () => repo.expire(db, activeSince()),
  };
}
export type ViewersService = ReturnType<typeof createViewersService>;

/** The viewer sessions of this installation; every process (API, worker) hashes addresses with the same salt. */
export const createViewers = (core: { store: { db: Db; dialect: Dialect }; config: { dataDir: string } }): ViewersService =>
  createViewersService({ db: core.store.db, dialect: core.store.dialect, repo: createViewersRepo(), ipSalt: secret(core.config.dataDir, 'viewer-ip.key') });
