import { defineModule } from '../module.ts';
import { restreamChild } from './lives.child.ts';
import { createLivesRepo } from './lives.repo.ts';
import { livesRoutes } from './lives.routes.ts';
import { createLivesService, type LivesService } from './lives.service.ts';

// the engine's child kind this module runs (its factory is in `children` below)
declare module '../engine/engine.table.ts' {
  interface ChildKinds { restream: true }
}

declare module '../module.ts' {
  interface Services {
    lives: LivesService;
  }
}

const repo = createLivesRepo();

/** Lives: restreams of the channel to YouTube, Facebook, Twitch and any RTMP destination. */
export const livesModule = defineModule({
  name: 'lives',
  services: {
    lives: ({ store, config, sealer, guard, services }) => createLivesService({
      db: store.db, repo, processes: services.processes, sealer, guard, config, settings: services.settings, activity: services.activity,
      obsStatus: (auth) => services.streaming.status(auth),
      workerAlive: async () => (await services.media.reported()) === 'ok',
      serverOf: (codigo) => services.servers.serverOf(codigo),
    }),
  },
  routes: (app, { services }) => livesRoutes(app, services.lives),
  children: {
    restream: (ctx, w) => restreamChild({
      db: ctx.store.db, repo, sealer: ctx.sealer, guard: ctx.guard, config: ctx.config, apiUrl: w.apiUrl,
      ...(w.ioTimeoutSeconds ? { ioTimeoutSeconds: w.ioTimeoutSeconds } : {}),
    }),
  },
});
