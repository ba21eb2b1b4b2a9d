import type { StreamingRepo } from './streaming.repo.ts';

/**
 * The broadcasts (transmissions) as other modules write them: a channel source opens one,
 * ends it, and asks what is live. Inside the caller's transaction.
 */
export function createTransmissions(deps: { repo: StreamingRepo }) {
  const { repo } = deps;
  return {
    insert: repo.insert,
    /** Ends it only if it is still open; whether this call ended it. */
    end: repo.end,
    liveOfUser: repo.liveOfUser,
  };
}
export type Transmissions = ReturnType<typeof createTransmissions>;
