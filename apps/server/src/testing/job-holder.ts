import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { openCore } from '../core.ts';
import { loadConfig } from '../platform/config.ts';
import { createJobRunner } from '../platform/jobs.ts';

/**
 * A worker of its own process for the several-processes test: its runner holds every queued
 * job of kind `hold` until the file named in the job's input appears, then ends it. Prints
 * `ready` once it runs.
 */
const core = await openCore(loadConfig());
const runner = createJobRunner({
  db: core.store.db, dialect: core.store.dialect, nodeId: core.config.media.nodeId, workRoot: path.join(core.library.storage.root, '.jobs'),
  kinds: [{
    kind: 'hold', input: z.object({ until: z.string() }), slots: 4,
    run: async (ctx) => {
      const { until } = ctx.input as { until: string };
      while (!fs.existsSync(until) && !ctx.signal.aborted) await new Promise((r) => setTimeout(r, 50));
      return { held: true };
    },
  }],
  // a lease far longer than the test: what it proves is that a live worker keeps its job, not how
  // often a lease is renewed (a 2-s lease ran out while API processes starting starved this one)
  leaseMs: 60_000, tickMs: 50, log: () => {},
});
await runner.recover();
runner.start();
console.log('ready');
process.once('SIGTERM', () => void runner.stop().then(() => core.store.db.destroy()).then(() => process.exit(0)));
