import { createViewersRepo } from './viewers.repo.ts';

const repo = createViewersRepo();

/**
 * The ended viewer sessions as the audience module's worker takes them (audience/rollups.ts):
 * the sessions are this module's rows, so it marks them summed and deletes the old ones; the
 * audience module only sums what it is handed. Inside the caller's transaction.
 */
export const endedSessions = {
  /** Marks up to `limit` ended sessions not yet summed as summed and returns them (`skipLocked`: PostgreSQL's SKIP LOCKED). */
  claim: repo.claimEnded,
  /** Deletes up to `limit` ended sessions begun before `before` (ISO); returns how many. */
  prune: repo.pruneEnded,
};
export type { EndedSession } from './viewers.repo.ts';
