import { nowIso, type Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProcessesRepo, ProcessRow } from './processes.repo.ts';

/**
 * A rule another module registers (its definition's `guards`): read in the caller's transaction,
 * the error that refuses anything of the account starting now, or null. The engine knows none of them.
 */
export type StartGuard = (tx: Tx, userId: number) => Promise<AppError | null>;

/**
 * The API's half of the media engine: it only ever writes desired state. The worker of the
 * row's node starts, stops and observes the child.
 */
export function createProcesses(deps: { repo: ProcessesRepo }) {
  const { repo } = deps;
  const guards: StartGuard[] = [];
  /** The first registered guard's refusal of the account starting something now, or null. */
  async function refusal(tx: Tx, userId: number): Promise<AppError | null> {
    for (const g of guards) {
      const e = await g(tx, userId);
      if (e) return e;
    }
    return null;
  }
  return {
    addStartGuard: (g: StartGuard): void => void guards.push(g),
    /** Every row by kind and observed state, and the restarts by kind (the metrics' gauges). */
    countsByKindState: (tx: Tx) => repo.countsByKindState(tx),
    restartsByKind: (tx: Tx) => repo.restartsByKind(tx),
    refusal,
    create: async (tx: Tx, p: { userId: number; nodeId: number; kind: ProcessRow['kind']; startAt: number; endAt: number | null; transmissionId?: number | null; held?: boolean }) => {
      const refused = await refusal(tx, p.userId);
      if (refused) throw refused;
      const at = nowIso();
      return repo.insert(tx, {
        user_id: p.userId, node_id: p.nodeId, kind: p.kind, desired: 'running',
        start_at: new Date(p.startAt).toISOString(), end_at: p.endAt === null ? null : new Date(p.endAt).toISOString(),
        transmission_id: p.transmissionId ?? null, held: p.held ? 1 : 0,
        state: p.held ? 'held' : p.startAt > Date.now() ? 'scheduled' : 'starting', error: null, error_code: null, error_values: null, pid: null, state_at: at, started_at: null, ended_at: null, created_at: at,
      });
    },
    /** Asks the worker to stop it; shown as finished at once, the child follows within a tick. */
    stop: (tx: Tx, userId: number, id: number) => {
      const at = nowIso();
      return repo.setDesired(tx, userId, id, { desired: 'stopped', state: 'finished', state_at: at, ended_at: at });
    },
    /** Gone from the account; the worker stops a child whose row disappeared. */
    remove: (tx: Tx, userId: number, id: number) => repo.deleteOfUser(tx, userId, id),
    /**
     * Stops every row of the account that should run (restreams, sources, recordings, scheduled
     * ones too) and returns their ids: a suspension stops them for good, a move parks them (it
     * runs them again with `restore`).
     */
    async stopAll(tx: Tx, userId: number): Promise<number[]> {
      const ids = await repo.runningOfUser(tx, userId);
      const at = nowIso();
      for (const id of ids) await repo.setDesired(tx, userId, id, { desired: 'stopped', state: 'finished', state_at: at, ended_at: at });
      return ids;
    },
    /** The parked rows given run again (on whichever node they now name). */
    async restore(tx: Tx, userId: number, ids: readonly number[]): Promise<void> {
      if (!ids.length) return;
      const at = nowIso();
      for (const r of await repo.stoppedOfUser(tx, userId, ids)) {
        await repo.rerun(tx, r.id, { state: r.held ? 'held' : 'starting', error: null, error_code: null, error_values: null, state_at: at, ended_at: null });
      }
    },
    /** The account's rows move to another node (an account moved between servers): that node's worker takes them up. */
    rehome: (tx: Tx, userId: number, nodeId: number) => repo.rehome(tx, userId, nodeId).then(() => undefined),
    /**
     * Holds (something else has the channel: OBS) or releases the account's rows of these kinds that
     * should run; held, a row is wanted but not run. `endAt` sets the end time of one kind's rows with it.
     */
    async hold(tx: Tx, userId: number, kinds: readonly ProcessRow['kind'][], held: boolean, endAt?: { kind: ProcessRow['kind']; at: string | null }): Promise<void> {
      await repo.setHeld(tx, userId, kinds, held);
      if (endAt) await repo.setEndAt(tx, userId, endAt.kind, endAt.at);
    },
  };
}
export type Processes = ReturnType<typeof createProcesses>;
