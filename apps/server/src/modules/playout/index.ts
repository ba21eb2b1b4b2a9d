import path from 'node:path';
import { defineModule } from '../module.ts';
import { playoutChild } from './playout.child.ts';
import { createPlayoutRepo } from './playout.repo.ts';
import { createPlayoutService, type PlayoutService } from './playout.service.ts';

// the engine's child kind this module runs (its factory is in `children` below)
declare module '../engine/engine.table.ts' {
  interface ChildKinds { playout: true }
}

declare module '../module.ts' {
  interface Services {
    playout: PlayoutService;
  }
}

const repo = createPlayoutRepo();

/** The playlist broadcast (the 24/7 channel): started from the panel or by a booking, run by the worker. */
export const playoutModule = defineModule({
  name: 'playout',
  // the folder of each playout's concat list and state (playout.child.ts): made again when it plays
  accountFiles: [{
    name: 'playout', root: 'playout', kind: 'local',
    of: async ({ config }, tx, a) => (await repo.processesOfUser(tx, a.id)).map((id) => path.join(config.dataDir, 'playout', String(id))),
  }],
  services: {
    playout: ({ store, config, services }) => createPlayoutService({
      db: store.db, repo, playlists: services.playlists, channel: services.channel, activity: services.activity, config,
    }),
  },
  children: {
    playout: (ctx) => playoutChild({ db: ctx.store.db, repo, config: ctx.config, library: ctx.library, accountOf: (id) => ctx.accounts.byId(id), log: ctx.log('playout') }),
  },
  ticks: [{ name: 'playout-plays', everyMs: 3_600_000, run: ({ services }) => services.playout.prunePlays().then(() => undefined) }],
});
