import { defineModule } from '../module.ts';
import { createPanelMetrics } from './metrics.ts';
import { metricsRoutes } from './metrics.routes.ts';
import { workerLagTick } from './worker-lag.ts';

/**
 * GET /metrics in Prometheus text format (docs/api/metrics.md): requests by route, live
 * channels, media processes, jobs, viewers, uploads, disk and the event-loop lag of the API and
 * of the worker (the worker's tick writes its figures to a file the API reads).
 */
export const metricsModule = defineModule({
  name: 'metrics',
  routes: (app, { store, config, jobs, services }) => {
    const metrics = createPanelMetrics({
      db: store.db, dataDir: config.dataDir, jobs, serviceRestarts: () => services.media.restarts(), openViewers: () => services.viewers.openByKind(),
      liveChannels: () => services.transmissions.countLive(store.db),
      processes: () => services.processes.countsByKindState(store.db), processRestarts: () => services.processes.restartsByKind(store.db),
    });
    metricsRoutes(app, { metrics, token: config.metricsToken });
  },
  ticks: [workerLagTick],
});
