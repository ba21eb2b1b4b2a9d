import { defineModule } from '../module.ts';
import { slateChild } from './fallback.child.ts';
import { createFallbackRepo } from './fallback.repo.ts';
import { fallbackRoutes } from './fallback.routes.ts';
import { createFallbackService, slateFiles, type FallbackService } from './fallback.service.ts';

// the engine's child kind this module runs (its factory is in `children` below)
declare module '../engine/engine.table.ts' {
  interface ChildKinds { reserva: true }
}

declare module '../module.ts' {
  interface Services {
    fallback: FallbackService;
  }
}

const repo = createFallbackRepo();

/**
 * The channel's standby signal ('Sinal reserva'): the account's choice (API), the standby armed
 * behind each OBS broadcast (on the `obs.live` event), and the slate's engine child.
 */
export const fallbackModule = defineModule({
  name: 'fallback',
  // the standby slate (video, picture, recipe): made again from the logo and the text when armed
  accountFiles: [{ name: 'slate', root: 'fallback', kind: 'local', of: async ({ config }, _tx, a) => [slateFiles(config.dataDir, a.id).dir] }],
  services: {
    fallback: ({ store, config, services, log }) => createFallbackService({
      db: store.db, repo, config, channel: services.channel, processes: services.processes, playlists: services.playlists,
      playout: services.playout, logo: (userId) => services.logos.channelLogo(userId), log: log('sinal-reserva'),
    }),
  },
  routes: (app, { services }) => fallbackRoutes(app, services.fallback),
  // armed behind every OBS broadcast that goes live (new, or back from a drop)
  on: { 'obs.live': ({ services }, e) => services.fallback.onObsLive(e) },
  children: {
    reserva: (ctx) => slateChild({ config: ctx.config, accountOf: (id) => ctx.accounts.byId(id), ensureSlate: (id) => ctx.services.fallback.ensureSlate(id) }),
  },
});
