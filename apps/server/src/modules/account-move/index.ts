import { defineModule } from '../module.ts';
import { createAccountMoveService, type AccountMoveService } from './account-move.service.ts';
import { accountMoveRoutes } from './account-move.routes.ts';
import { moveCleanupTick } from './cleanup.ts';
import { moveJob } from './move.job.ts';
import { createServerTokens } from './token.ts';

declare module '../module.ts' {
  interface Services {
    accountMove: AccountMoveService;
  }
}

/**
 * Moving an account to another media server ('Mover para outro servidor'): the operator queues
 * it, the target's worker pulls the files from the source server's internal routes, switches the
 * account and asks the source to delete its copy. See move.job.ts.
 */
export const accountMoveModule = defineModule({
  name: 'account-move',
  services: {
    accountMove: ({ store, jobs, library, config, services, log }) => createAccountMoveService({
      db: store.db, jobs, dataDir: config.dataDir, library, nodeId: config.media.nodeId,
      serverOf: (codigo) => services.servers.serverOf(codigo),
      dropPublisher: (name) => services.media.dropPublisher(name), log: log('mudanca'),
    }),
  },
  routes: (app, { services, config }) =>
    accountMoveRoutes(app, services.accountMove, createServerTokens(config.dataDir), config.media.nodeId),
  jobs: [moveJob],
  ticks: [moveCleanupTick()],
});
