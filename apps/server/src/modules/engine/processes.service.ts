import { nowIso, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { movingIn } from '../account-move/moving.ts';
import type { ProcessesRepo, ProcessRow } from './processes.repo.ts';

/**
 * The API's half of the media engine: it only ever writes desired state. The worker of the
 * row's node starts, stops and observes the child.
 */
export function createProcesses(deps: { repo: ProcessesRepo }) {
  const { repo } = deps;
  return {
    create: async (tx: Tx, p: { userId: number; nodeId: number; kind: ProcessRow['kind']; startAt: number; endAt: number | null; transmissionId?: number | null; held?: boolean }) => {
      // nothing of an account starts while it moves to another server (its files are being copied)
      if (await movingIn(tx, p.userId)) throw new AppError('account_moving');
      const at = nowIso();
      return repo.insert(tx, {
        user_id: p.userId, node_id: p.nodeId, kind: p.kind, desired: 'running',
        start_at: new Date(p.startAt).toISOString(), end_at: p.endAt === null ? null : new Date(p.endAt).toISOString(),
        transmission_id: p.transmissionId ?? null, held: p.held ? 1 : 0,
        state: p.held ? 'held' : p.startAt > Date.now() ? 'scheduled' : 'starting', error: null, pid: null, state_at: at, started_at: null, ended_at: null, created_at: at,
      });
    },
    /** Asks the worker to stop it; shown as finished at once, the child follows within a tick. */
    stop: (tx: Tx, userId: number, id: number) => {
      const at = nowIso();
      return repo.setDesired(tx, userId, id, { desired: 'stopped', state: 'finished', state_at: at, ended_at: at });
    },
    /** Gone from the account; the worker stops a child whose row disappeared. */
    remove: (tx: Tx, userId: number, id: number) => repo.deleteOfUser(tx, userId, id),
  };
}
export type Processes = ReturnType<typeof createProcesses>;
