import { createHmac, randomBytes } from 'node:crypto';
import { VIEWER_TIMEOUT_MS, msg } from '@painel/contract';
import type { Db, Dialect } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ViewersRepo } from './viewers.repo.ts';

export interface HeartbeatInput {
  userId: number;
  /** The plan's limit of simultaneous viewers (accounts.espectadores). */
  limit: number;
  sessionKey: string | undefined;
  source: string;
  ip: string;
  userAgent: string;
}

/**
 * Viewer sessions, opened and kept alive by the player's heartbeats. A session counts while
 * heartbeats arrive (VIEWER_TIMEOUT_MS). The plan's viewer limit is enforced when a session
 * opens: an open session is never cut, a new one over the limit is refused.
 */
export function createViewersService(deps: { db: Db; dialect: Dialect; repo: ViewersRepo; ipSalt: Buffer; now?: () => number }) {
  const { db, repo } = deps;
  const now = deps.now ?? Date.now;
  const iso = (ms: number) => new Date(ms).toISOString();
  const activeSince = () => iso(now() - VIEWER_TIMEOUT_MS);
  // the address itself is never stored: a keyed hash still tells viewers apart
  const ipHash = (ip: string) => createHmac('sha256', deps.ipSalt).update(ip).digest('hex').slice(0, 32);

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
      return db.transaction().execute(async (tx) => {
        // PostgreSQL: serialise the check-then-insert per account (SQLite transactions already are)
        if (deps.dialect === 'postgres') await repo.lockAccount(tx, input.userId);
        const viewers = await repo.countActive(tx, input.userId, activeSince());
        if (viewers >= input.limit) throw new AppError(429, msg.playerViewerLimit, { limite: input.limit, viewers });
        const session = randomBytes(18).toString('base64url');
        await repo.insert(tx, {
          user_id: input.userId, session_key: session, source: input.source.slice(0, 500),
          ip_hash: ipHash(input.ip), user_agent: input.userAgent.slice(0, 300), started_at: at, last_seen_at: at, ended_at: null,
        });
        return { session, viewers: viewers + 1 };
      });
    },

    leave: (sessionKey: string) => repo.end(db, sessionKey, iso(now())),
    expire: () => repo.expire(db, activeSince()),
  };
}
export type ViewersService = ReturnType<typeof createViewersService>;
