import { defineModule } from '../module.ts';
import { healthRoutes } from './health.routes.ts';

/** /api/health: the database and the media server, as probed and as their processes report. */
export const healthModule = defineModule({
  name: 'health',
  routes: (app, { store, services }, api) => {
    const { media } = services;
    healthRoutes(app, {
      db: store.db,
      probes: { media_server: () => media.probe(), ...api.probes },
      reported: async () => ({ media_server: await media.reported() }),
      details: () => media.details(),
      ...(api.healthCacheMs !== undefined ? { cacheMs: api.healthCacheMs } : {}),
    });
  },
});
