import fsp from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

type IntervalHistogram = ReturnType<typeof monitorEventLoopDelay>;
import type { Tick } from '../module.ts';

/**
 * The worker's event-loop lag reaches the API through a small file in the data directory: the
 * worker's metrics tick writes it every pass (2 s), the API reads it at scrape time. Each node's
 * worker writes on its own machine, next to the API that serves that node's /metrics.
 */
export const WORKER_FIGURES_FILE = 'worker-metrics.json';

export interface WorkerFigures {
  /** When the worker wrote the figures (ms since the epoch). */
  at: number;
  pid: number;
  /** Event-loop delay over the last interval, in seconds. */
  lagMeanSeconds: number;
  lagP99Seconds: number;
  lagMaxSeconds: number;
}

export const workerFiguresPath = (dataDir: string) => path.join(dataDir, WORKER_FIGURES_FILE);

/** The sampling interval of the loop-delay monitors. */
export const LAG_RESOLUTION_MS = 20;

/**
 * Delay figures of a monitor since its last reset, in seconds; null before the first sample.
 * The monitor records the time between its timer's runs, so the interval itself is taken off:
 * what is left is how late the loop was.
 */
export function lagFigures(h: IntervalHistogram): { mean: number; p99: number; max: number } | null {
  if (!h.count) return null;
  const late = (ns: number) => Math.max(0, ns / 1e9 - LAG_RESOLUTION_MS / 1000);
  return { mean: late(h.mean), p99: late(h.percentile(99)), max: late(h.max) };
}

/** Writes the figures whole (temp file, then rename), so a reader never sees half a file. */
export async function writeWorkerFigures(dataDir: string, f: WorkerFigures): Promise<void> {
  const file = workerFiguresPath(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  await fsp.writeFile(tmp, JSON.stringify(f), { mode: 0o600 });
  await fsp.rename(tmp, file);
}

export async function readWorkerFigures(dataDir: string): Promise<WorkerFigures | null> {
  try {
    const f = JSON.parse(await fsp.readFile(workerFiguresPath(dataDir), 'utf8')) as Partial<WorkerFigures>;
    if (typeof f.at !== 'number' || typeof f.lagP99Seconds !== 'number') return null;
    return f as WorkerFigures;
  } catch {
    return null;
  }
}

let monitor: IntervalHistogram | null = null;

/** The worker's duty: the loop delay since the previous pass, written for the API to expose. */
export const workerLagTick: Tick = {
  name: 'metrics.worker-lag',
  async run(ctx) {
    if (!monitor) {
      monitor = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
      monitor.enable();
      return; // no samples yet: the next pass writes the first figures
    }
    const lag = lagFigures(monitor);
    monitor.reset();
    if (!lag) return;
    await writeWorkerFigures(ctx.config.dataDir, {
      at: Date.now(), pid: process.pid, lagMeanSeconds: lag.mean, lagP99Seconds: lag.p99, lagMaxSeconds: lag.max,
    });
  },
};
