import { useEffect, useRef, useState } from 'react';

/** A job the page stopped following without an ending of its own to tell (cancelled here or in another tab). */
export type JobEnded = { kind: 'ended' };

/**
 * What one status read means for the job a page follows (`followed`, its id): keep following
 * the active one (also one found running on arrival), or how the followed one ended —
 * `finished` says it, once the status speaks of that very job. A job that ended while the page
 * did not follow it is history, not news: no outcome for it.
 */
export function readJob<O>(
  followed: number | null,
  s: { active: boolean; id: number | null },
  finished: () => O | null,
): { follow: number | null; outcome: O | JobEnded | null } {
  if (s.active) return { follow: s.id, outcome: null };
  if (followed === null) return { follow: null, outcome: null };
  if (s.id !== followed) return { follow: null, outcome: { kind: 'ended' } };
  return { follow: null, outcome: finished() ?? { kind: 'ended' } };
}

/**
 * Follows one job of a tool page (download, migration): its status query polls while a job is
 * followed, and each answer is read once — a re-render never tells the same ending twice.
 */
export function useFollowedJob<S, O>(opts: {
  useStatus: (active: boolean) => { data: S | undefined; dataUpdatedAt: number };
  read: (followed: number | null, status: S) => { follow: number | null; outcome: O | null };
  onOutcome: (outcome: O) => void;
  /** Also told when a job found running on arrival is taken up. */
  onFollow?: (id: number | null) => void;
}) {
  const followedRef = useRef<number | null>(null);
  const [followed, setFollowed] = useState<number | null>(null);
  const status = opts.useStatus(followed !== null);
  const latest = useRef(opts);
  latest.current = opts;

  const follow = (id: number | null) => {
    followedRef.current = id;
    setFollowed(id);
    latest.current.onFollow?.(id);
  };

  useEffect(() => {
    if (status.data === undefined) return;
    const { follow: next, outcome } = latest.current.read(followedRef.current, status.data);
    if (next !== followedRef.current) follow(next);
    if (outcome) latest.current.onOutcome(outcome);
  }, [status.data, status.dataUpdatedAt]);

  return { status, followed, follow, isFollowing: () => followedRef.current !== null };
}
