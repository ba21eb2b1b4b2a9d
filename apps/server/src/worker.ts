import path from 'node:path';
import { openCore } from './core.ts';
import { loadConfig, type Config } from './platform/config.ts';
import { freePort } from './platform/ports.ts';
import { createJobRunner, type JobRunner, type RunnableJob } from './platform/jobs.ts';
import type { Supervisor, SupervisorOptions } from './platform/supervisor.ts';
import { createEngine, type ChildFactory, type Engine } from './modules/engine/engine.ts';
import type { ChildKind } from './modules/engine/engine.table.ts';
import { createProcessesRepo } from './modules/engine/processes.repo.ts';
import { modules } from './modules/index.ts';
import { startNginx } from './modules/media/nginx.ts';
import { jobsOfNode } from './modules/servers/placement.ts';
import type { ModuleContext, ModuleDefinition, WorkerContext } from './modules/module.ts';
import { orderTicks } from './modules/ticks.ts';
import { startOrExit } from './platform/start-errors.ts';
import { watchWake } from './platform/wake.ts';

/**
 * The media worker: runs nginx-rtmp (modules/media/nginx.ts), the engine with the child kinds
 * the modules declare, the job runner with their job kinds, and every 2 s their periodic
 * duties in the order they declare (modules/ticks.ts). It answers no HTTP; the API reads what it writes.
 */
export interface WorkerOptions {
  core?: ModuleContext;
  /** Where nginx calls on_publish; default config.media.apiInternalUrl. */
  apiUrl?: string;
  backoff?: SupervisorOptions['backoff'];
  healthIntervalMs?: number;
  reconcileMs?: number;
  /** The job queue's timings (tests shorten them). */
  jobs?: { leaseMs?: number; tickMs?: number };
  /** The media engine's timings (tests shorten them). */
  engine?: { backoff?: SupervisorOptions['backoff']; staleAfterMs?: number; ioTimeoutSeconds?: number };
  log?: (m: string) => void;
  /** The modules whose parts run here (tests may leave some out). */
  modules?: readonly ModuleDefinition[];
}

export interface Worker {
  nginx: Supervisor;
  engine: Engine;
  jobs: JobRunner;
  controlPort: number;
  stop(): Promise<void>;
}

/**
 * Retries of media children (restreams, playouts): a source or destination that comes back is
 * picked up within 10 s, not after the minute nginx's own back-off may reach.
 */
const MEDIA_BACKOFF = { minMs: 1000, maxMs: 10_000, resetAfterMs: 60_000 };

/** A loopback port free now (see platform/ports.ts); the tests and benchmarks take theirs here too. */
export { freePort };

/** The job kinds of the modules, each with its handler built; a missing handler stops the worker here. */
export function runnableJobs(ctx: ModuleContext, defs: readonly ModuleDefinition[]): RunnableJob[] {
  return defs.flatMap((d) => d.jobs ?? []).map((j) => {
    if (typeof j.handler !== 'function') throw new Error(`job kind without a handler: ${j.kind}`);
    return { kind: j.kind, input: j.input, slots: j.slots, ...(j.keepMs ? { keepMs: j.keepMs } : {}), run: j.handler(ctx) };
  });
}

export async function startWorker(config: Config, opts: WorkerOptions = {}): Promise<Worker> {
  const log = opts.log ?? ((m: string) => console.log(`[worker] ${m}`));
  const defs = opts.modules ?? modules;
  // checked before anything starts: a duty naming an unknown one, or a cycle, stops the worker here
  const ticks = orderTicks(defs.flatMap((d) => d.ticks ?? []));
  const core = opts.core ?? (await openCore(config));
  const db = core.store.db;
  const nodeId = config.media.nodeId;
  const apiUrl = opts.apiUrl ?? config.media.apiInternalUrl;
  const run = await startNginx(core, { apiUrl, backoff: opts.backoff, ...(opts.healthIntervalMs ? { healthIntervalMs: opts.healthIntervalMs } : {}), log });

  const w = { nodeId, media: run.media, nginx: run.nginx, apiUrl, ioTimeoutSeconds: opts.engine?.ioTimeoutSeconds } as WorkerContext;
  const factories: Partial<Record<ChildKind, ChildFactory>> = {};
  for (const d of defs) {
    for (const [kind, make] of Object.entries(d.children ?? {}) as [ChildKind, NonNullable<ModuleDefinition['children']>[ChildKind]][]) {
      if (factories[kind]) throw new Error(`engine child kind declared twice: ${kind}`);
      if (make) factories[kind] = make(core, w);
    }
  }
  const engine = createEngine({
    db, repo: createProcessesRepo(), nodeId, tag: `${config.dataDir}#${nodeId}`, log,
    backoff: opts.engine?.backoff ?? MEDIA_BACKOFF, staleAfterMs: opts.engine?.staleAfterMs, factories,
  });
  w.engine = engine;
  await engine.adoptOrphans();
  // this node's API nudges when a source must start now (a standby taking over from OBS)
  const unwatch = watchWake(config.dataDir, nodeId, () => void engine.reconcile().catch((e: Error) => log(`engine: ${e.message}`)));

  const jobs = createJobRunner({
    db, dialect: core.store.dialect, nodeId, tag: `${config.dataDir}#${nodeId}`, workRoot: path.join(core.library.storage.root, '.jobs'),
    kinds: runnableJobs(core, defs), slots: { conversion: config.tools.conversionSlots },
    scope: jobsOfNode(nodeId), leaseMs: opts.jobs?.leaseMs ?? config.tools.jobLeaseMs, ...(opts.jobs?.tickMs ? { tickMs: opts.jobs.tickMs } : {}), log,
  });
  await jobs.recover();
  jobs.start();

  // each duty on its own: one that fails is reported and the others still run in this pass
  const lastRun = new Map<string, number>();
  let busy = false;
  const pass = async () => {
    if (busy) return;
    busy = true;
    try {
      await run.heartbeat().catch((e: Error) => log(`batida do worker não gravada: ${e.message}`));
      for (const t of ticks) {
        if (t.everyMs && Date.now() - (lastRun.get(t.name) ?? 0) < t.everyMs) continue;
        if (t.needsNginx && run.nginx.status().state !== 'running') continue;
        lastRun.set(t.name, Date.now());
        try {
          await t.run(core, w);
        } catch (e) {
          log(`${t.name}: ${(e as Error).message}`);
        }
      }
    } finally {
      busy = false;
    }
  };
  // duties that must not wait for the first pass (the server's registration) run now
  for (const t of ticks.filter((t) => t.atStart)) {
    lastRun.set(t.name, Date.now());
    await t.run(core, w).catch((e: Error) => log(`${t.name}: ${e.message}`));
  }
  const timer = setInterval(() => void pass(), opts.reconcileMs ?? 2000);

  return {
    nginx: run.nginx,
    engine,
    jobs,
    controlPort: run.controlPort,
    async stop() {
      unwatch();
      clearInterval(timer);
      while (busy) await new Promise((r) => setTimeout(r, 20));
      for (const t of ticks) await t.stop?.(w).catch((e: Error) => log(`${t.name}: ${e.message}`));
      await jobs.stop();
      await engine.stop();
      await run.stop();
      if (!opts.core) await core.store.db.destroy();
    },
  };
}

if (import.meta.main) {
  // SIGINT/SIGTERM (Ctrl-C in ./painel start, systemctl stop or restart) is a planned stop: nginx
  // and every ffmpeg stop with the worker. A crash or a SIGKILL is not: nginx, with the encoders
  // connected to it, keeps running and the next worker adopts it (modules/media/nginx.ts)
  const worker = await startOrExit(() => startWorker(loadConfig()));
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void worker.stop().then(() => process.exit(0), () => process.exit(1));
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, stop);
  // started by start.ts: when that process dies, its end of our stdin closes and we follow
  if (process.env.PAINEL_PARENT_PIPE === '1') {
    process.stdin.on('end', stop).on('close', stop).resume();
  }
}
