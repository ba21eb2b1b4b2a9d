import { defineModule } from '../module.ts';
import { relayChild } from './relay.child.ts';
import { createRelayRepo } from './relay.repo.ts';
import { relayRoutes } from './relay.routes.ts';
import { createRelayService, type RelayService } from './relay.service.ts';

// the engine's child kind this module runs (its factory is in `children` below)
declare module '../engine/engine.table.ts' {
  interface ChildKinds { relay: true }
}

declare module '../module.ts' {
  interface Services {
    relay: RelayService;
  }
}

const repo = createRelayRepo();

/** Relay: another stream pulled into the account's channel in its place. */
export const relayModule = defineModule({
  name: 'relay',
  services: {
    relay: ({ store, config, sealer, guard, services }) => createRelayService({
      db: store.db, repo, processes: services.processes, transmissions: services.transmissions, channel: services.channel,
      media: services.media, viewers: services.viewers, activity: services.activity, sealer, guard, config,
      recordings: { choose: (...a) => services.recordings.choose(...a) },
    }),
  },
  routes: (app, { services }) => relayRoutes(app, services.relay),
  children: {
    relay: (ctx, w) => relayChild({
      db: ctx.store.db, repo, sealer: ctx.sealer, guard: ctx.guard, config: ctx.config,
      ...(w.ioTimeoutSeconds ? { ioTimeoutSeconds: w.ioTimeoutSeconds } : {}),
    }),
  },
});
