import type { Tick, WorkerContext } from '../module.ts';
import { measureLoad } from './load.ts';
import { HEARTBEAT_MS } from './placement.ts';
import { createServersRepo } from './servers.repo.ts';
import { addressesOf } from '../streaming/urls.ts';

interface Beat { registered: boolean; prevCpu: { busy: number; total: number } | null }

/**
 * The worker's duty: as it starts it registers its server (its NODE_ID with the addresses
 * its configuration serves, keeping the operator's edge address), then every 4 to 6 s it
 * writes the heartbeat with its load. A row deleted meanwhile is registered again.
 */
export function serversTick(opts: { now?: () => number } = {}): Tick {
  const now = opts.now ?? Date.now;
  const repo = createServersRepo();
  const state = new WeakMap<WorkerContext, Beat>();
  return {
    name: 'servers.heartbeat',
    atStart: true,
    // the worker's passes are 2 s apart: a beat every 4 s, 6 s when a pass runs late
    everyMs: HEARTBEAT_MS - 1000,
    async run(ctx, worker) {
      let beat = state.get(worker);
      if (!beat) state.set(worker, (beat = { registered: false, prevCpu: null }));
      const db = ctx.store.db;
      const { load, cpu } = await measureLoad(db, repo, { nodeId: worker.nodeId, dataDir: ctx.config.dataDir, prevCpu: beat.prevCpu });
      beat.prevCpu = cpu;
      const at = new Date(now()).toISOString();
      if (beat.registered && (await repo.heartbeat(db, worker.nodeId, load, at))) return;
      await repo.register(db, worker.nodeId, addressesOf(ctx.config), load, at);
      if (!beat.registered) ctx.log('servers')(`servidor ${worker.nodeId} registrado (${addressesOf(ctx.config).public_url})`);
      beat.registered = true;
    },
  };
}
