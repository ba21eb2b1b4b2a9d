import { AppError } from '../../platform/errors.ts';
import { accountFilesOf } from '../account-files.ts';
import { defineModule } from '../module.ts';
import { createAccountMoveService, type AccountMoveService } from './account-move.service.ts';
import { accountMoveRoutes } from './account-move.routes.ts';
import { moveCleanupTick } from './cleanup.ts';
import { moveJob } from './move.job.ts';
import { movingIn } from './moving.ts';
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
    accountMove: (ctx) => createAccountMoveService({
      db: ctx.store.db, jobs: ctx.jobs, dataDir: ctx.config.dataDir, nodeId: ctx.config.media.nodeId,
      accounts: ctx.accounts, serverRow: (codigo) => ctx.services.servers.row(codigo),
      files: (tx, account, kind) => accountFilesOf(ctx, tx, account, kind),
      serverOf: (codigo) => ctx.services.servers.serverOf(codigo), processes: ctx.services.processes,
      dropPublisher: (name) => ctx.services.media.dropPublisher(name), log: ctx.log('mudanca'),
    }),
  },
  // nothing of an account starts while it moves to another server (its files are being copied):
  // neither an engine row nor an encoder's publish (the ingest asks the same guards)
  guards: ({ services }) => services.processes.addStartGuard(async (tx, userId) => ((await movingIn(tx, userId)) ? new AppError('account_moving') : null)),
  routes: (app, { services, config }) =>
    accountMoveRoutes(app, services.accountMove, createServerTokens(config.dataDir), config.media.nodeId),
  jobs: [moveJob],
  ticks: [moveCleanupTick()],
});
