import type { Tx } from '../../platform/db.ts';
import type { StreamingRepo } from './streaming.repo.ts';

/**
 * The broadcasts (transmissions) as other modules write them: a channel source opens one,
 * ends it, and asks what is live; a move takes them to another node. Inside the caller's
 * transaction. No module but streaming writes the table other than through here.
 */
export function createTransmissions(deps: { repo: StreamingRepo }) {
  const { repo } = deps;
  return {
    insert: repo.insert,
    /** Ends it only if it is still open; whether this call ended it. */
    end: repo.end,
    liveOfUser: repo.liveOfUser,
    /** The account's broadcasts not ended (live, or waiting for their source). */
    notEndedOfUser: repo.notEndedOfUser,
    /** Of the accounts given (all, when not given), those with a broadcast live now. */
    liveUserIds: repo.liveUserIds,
    /** How many broadcasts are live now, on every node. */
    countLive: repo.countLive,
    /** Every broadcast of the account now names this node (an account moved between servers). */
    rehome: (tx: Tx, userId: number, nodeId: number): Promise<void> => repo.rehome(tx, userId, nodeId).then(() => undefined),
  };
}
export type Transmissions = ReturnType<typeof createTransmissions>;
