import fsp from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../platform/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { LAG_RESOLUTION_MS, lagFigures, readWorkerFigures } from './worker-lag.ts';

/** Figures older than this mean the worker has stopped writing them (it writes every 2 s). */
const WORKER_STALE_MS = 15_000;

export interface PanelMetrics {
  registry: Registry;
  http: { requests: Counter<'method' | 'route' | 'status'>; duration: Histogram<'method' | 'route' | 'status'> };
  uploadBytes: Counter;
  /** Stops the API's loop-delay monitor. */
  stop(): void;
}

/**
 * The panel's Prometheus registry. Request figures are counted as requests end; everything
 * kept in the database (transmissions, media processes, jobs, viewers) and the disk are read
 * when Prometheus scrapes (collect), so /metrics shows the state at that moment.
 */
export function createPanelMetrics(deps: {
  db: Db; dataDir: string; now?: () => number;
  /** The job queue's figures. */
  jobs: Pick<Jobs, 'countsByKindState' | 'finishedFrom'>;
  /** The media module's supervised services (nginx) with their restarts. */
  serviceRestarts: () => Promise<{ node_id: number; name: string; restarts: number }[]>;
  /** The viewers module's sessions not ended, by kind. */
  openViewers: () => Promise<{ kind: string; n: number }[]>;
  /** The streaming module's broadcasts live now. */
  liveChannels: () => Promise<number>;
  /** The engine's rows by kind and observed state, and their restarts by kind. */
  processes: () => Promise<{ kind: string; state: string; n: number }[]>;
  processRestarts: () => Promise<{ kind: string; restarts: number }[]>;
}): PanelMetrics {
  const { db, dataDir } = deps;
  const now = deps.now ?? Date.now;
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({ name: 'painel_http_requests_total', help: 'HTTP requests by registered route pattern and status', labelNames: ['method', 'route', 'status'] as const, registers });
  const duration = new Histogram({
    name: 'painel_http_request_duration_seconds', help: 'HTTP request latency by registered route pattern and status',
    labelNames: ['method', 'route', 'status'] as const, buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers,
  });
  const uploadBytes = new Counter({ name: 'painel_upload_bytes_total', help: 'Bytes received on the connection by the library upload route (request headers included)', registers });

  new Gauge({
    name: 'painel_live_channels', help: 'Transmissions live now', registers,
    async collect() {
      this.set(await deps.liveChannels());
    },
  });

  // prom-client reads the families of a scrape concurrently: each one reads what it shows itself
  new Gauge({
    name: 'painel_media_processes', help: 'Media processes of the engine by kind and observed state', labelNames: ['kind', 'state'] as const, registers,
    async collect() {
      const rows = await deps.processes();
      this.reset();
      for (const r of rows) this.set({ kind: r.kind, state: r.state }, r.n);
    },
  });
  new Gauge({
    name: 'painel_media_process_restarts', help: 'Restarts of the media processes now in the engine table, by kind', labelNames: ['kind'] as const, registers,
    async collect() {
      const rows = await deps.processRestarts();
      this.reset();
      for (const r of rows) this.set({ kind: r.kind }, r.restarts);
    },
  });

  new Gauge({
    name: 'painel_media_service_restarts', help: 'Restarts of the worker-supervised services (nginx) by node and name', labelNames: ['node', 'name'] as const, registers,
    async collect() {
      const rows = await deps.serviceRestarts();
      this.reset();
      for (const r of rows) this.set({ node: String(r.node_id), name: r.name }, Number(r.restarts));
    },
  });

  new Gauge({
    name: 'painel_jobs', help: 'Jobs of the queue by kind and state', labelNames: ['kind', 'state'] as const, registers,
    async collect() {
      const rows = await deps.jobs.countsByKindState();
      this.reset();
      for (const r of rows) this.set({ kind: r.kind, state: r.state }, Number(r.n));
    },
  });

  // Finished jobs are observed once each, as scrapes find them: the rows are deleted some time
  // after they end, so a histogram rebuilt from the rows would go down.
  let watermark = '';
  let atWatermark = new Set<number>();
  let observing: Promise<void> = Promise.resolve();
  const observeFinishedJobs = async (observe: (labels: { kind: string; state: string }, seconds: number) => void) => {
    const rows = await deps.jobs.finishedFrom(watermark);
    for (const r of rows) {
      const end = r.finished_at!;
      if (end === watermark && atWatermark.has(r.id)) continue;
      if (end > watermark) {
        watermark = end;
        atWatermark = new Set();
      }
      atWatermark.add(r.id);
      if (!r.started_at) continue;
      const seconds = (Date.parse(end) - Date.parse(r.started_at)) / 1000;
      if (Number.isFinite(seconds) && seconds >= 0) observe({ kind: r.kind, state: r.state }, seconds);
    }
  };
  new Histogram({
    name: 'painel_job_duration_seconds', help: 'Duration of finished jobs by kind and outcome', labelNames: ['kind', 'state'] as const,
    buckets: [1, 5, 15, 60, 300, 900, 1800, 3600, 7200], registers,
    async collect() {
      // one pass at a time: two scrapes at once must not observe the same job twice
      const pass = observing.then(() => observeFinishedJobs((labels, seconds) => this.observe(labels, seconds)));
      observing = pass.catch(() => {});
      await pass;
    },
  });

  new Gauge({
    name: 'painel_viewers', help: 'Viewer sessions open now, by kind (live, vod)', labelNames: ['kind'] as const, registers,
    async collect() {
      const rows = await deps.openViewers();
      this.reset();
      for (const r of rows) this.set({ kind: r.kind }, r.n);
    },
  });

  new Gauge({
    name: 'painel_data_disk_free_bytes', help: 'Free space of the data directory\'s disk available to the panel', registers,
    async collect() {
      const st = await fsp.statfs(dataDir);
      this.set(Number(st.bavail) * Number(st.bsize));
    },
  });
  new Gauge({
    name: 'painel_data_disk_total_bytes', help: 'Size of the data directory\'s disk', registers,
    async collect() {
      const st = await fsp.statfs(dataDir);
      this.set(Number(st.blocks) * Number(st.bsize));
    },
  });

  const apiLoop = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  apiLoop.enable();
  new Gauge({
    name: 'painel_event_loop_lag_seconds',
    help: 'Event-loop delay (stat: p99, mean, max) since the previous scrape (api) or the previous worker pass (worker)',
    labelNames: ['process', 'stat'] as const, registers,
    async collect() {
      this.reset();
      const api = lagFigures(apiLoop);
      apiLoop.reset();
      this.set({ process: 'api', stat: 'p99' }, api?.p99 ?? 0);
      this.set({ process: 'api', stat: 'mean' }, api?.mean ?? 0);
      this.set({ process: 'api', stat: 'max' }, api?.max ?? 0);
      const w = await readWorkerFigures(dataDir);
      if (!w || now() - w.at > WORKER_STALE_MS) return; // a gone worker has no current lag
      this.set({ process: 'worker', stat: 'p99' }, w.lagP99Seconds);
      this.set({ process: 'worker', stat: 'mean' }, w.lagMeanSeconds);
      this.set({ process: 'worker', stat: 'max' }, w.lagMaxSeconds);
    },
  });
  new Gauge({
    name: 'painel_worker_figures_age_seconds', help: 'Age of the figures the worker last wrote (large: the worker is stuck or down; absent: never written)', registers,
    async collect() {
      this.reset();
      const w = await readWorkerFigures(dataDir);
      if (w) this.set(Math.max(0, now() - w.at) / 1000);
    },
  });

  return { registry, http: { requests, duration }, uploadBytes, stop: () => apiLoop.disable() };
}
