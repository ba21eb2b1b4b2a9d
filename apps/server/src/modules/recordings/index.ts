import { signalWake } from '../../platform/wake.ts';
import { defineModule, type ModuleContext, type WorkerContext } from '../module.ts';
import { ownerOfAccount } from '../library/library.ts';
import { createProber } from '../library/prober.ts';
import { recorderChild, recordingDir, type RunEnds } from './recorder.ts';
import { createRecordingsRepo } from './recordings.repo.ts';
import { recordingsRoutes } from './recordings.routes.ts';
import { createRecordingsService, type RecordingsService } from './recordings.service.ts';
import { createRecordingsWorker, type RecordingsWorker } from './recordings.worker.ts';

// the engine's child kind this module runs (its factory is in `children` below)
declare module '../engine/engine.table.ts' {
  interface ChildKinds { recording: true }
}

declare module '../module.ts' {
  interface Services {
    recordings: RecordingsService;
  }
}

const repo = createRecordingsRepo();

/**
 * Recordings of broadcasts into the library ('Gravar transmissões'): the account's setting and
 * each broadcast's choice (API), a recorder per recorded broadcast (the engine's 'recording'
 * child, copying the channel from nginx into fragmented MP4 parts), and the worker's duty that
 * counts them against the plan and joins them into 'Gravações' when the broadcast is over.
 */
export function defineRecordingsModule(opts: {
  /** The resume gap (tests shorten it; RECORDING_GAP_SECONDS otherwise). */
  gapMs?: number;
} = {}) {
  /** One per worker: the reservations of the recordings it watches and the joins under way. */
  const workers = new WeakMap<WorkerContext, RecordingsWorker>();
  /** When each recorder's runs ended (the children's factory writes, the duty reads). */
  const runEnds = new WeakMap<WorkerContext, RunEnds>();
  const runEndsOf = (w: WorkerContext): RunEnds => {
    let m = runEnds.get(w);
    if (!m) runEnds.set(w, (m = new Map()));
    return m;
  };
  const workerOf = (ctx: ModuleContext, w: WorkerContext): RecordingsWorker => {
    let rw = workers.get(w);
    if (!rw) {
      rw = createRecordingsWorker({
        db: ctx.store.db, repo, config: ctx.config, library: ctx.library, accounts: ctx.accounts, processes: ctx.services.processes,
        activity: ctx.services.activity, probe: createProber(), nodeId: w.nodeId, runEnds: runEndsOf(w), log: ctx.log('gravações'),
        gapMs: opts.gapMs ?? ctx.config.recordingGapSeconds * 1000,
      });
      workers.set(w, rw);
    }
    return rw;
  };
  return defineModule({
    name: 'recordings',
    // the parts of a recording being written (storage/.recordings/<id>): joined by the server that wrote them
    accountFiles: [{
      name: 'recording parts', root: 'storage', kind: 'local',
      of: async ({ config }, tx, a) => (await repo.idsOfUser(tx, a.id)).map((id) => recordingDir(config.dataDir, id)),
    }],
    services: {
      recordings: ({ store, config, services, library, accounts, log }) => createRecordingsService({
        db: store.db, repo, processes: services.processes, log: log('gravações'), gapMs: opts.gapMs ?? config.recordingGapSeconds * 1000,
        wake: (nodeId) => signalWake(config.dataDir, nodeId),
        room: async (userId) => {
          const account = await accounts.byId(userId);
          return account ? library.quota.room(ownerOfAccount(account)) : null;
        },
      }),
    },
    routes: (app, { services }) => recordingsRoutes(app, services.recordings),
    // an OBS broadcast (or a relay's run) that went live is recorded when chosen; OBS dropping to its standby pauses it
    on: {
      'obs.live': ({ services }, e) => services.recordings.onLive({ ...e, source: 'obs' }),
      'relay.live': ({ services }, e) => services.recordings.onLive({ ...e, source: 'relay' }),
      'obs.drop': async ({ services }, e) => {
        if (e.standby) await services.recordings.onDrop(e.userId, e.transmissionId);
      },
    },
    children: {
      recording: (ctx, w) => recorderChild({ db: ctx.store.db, repo, config: ctx.config, runEnds: runEndsOf(w) }),
    },
    ticks: [{ name: 'recordings', run: (ctx, w) => workerOf(ctx, w).pass() }],
  });
}

export const recordingsModule = defineRecordingsModule();
