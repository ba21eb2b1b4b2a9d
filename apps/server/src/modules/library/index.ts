import { isSuspended } from '@painel/contract';
import { defineModule } from '../module.ts';
import { ownerOfAccount } from './owner.ts';
import { libraryRoutes } from './library.routes.ts';
import { createSyncRequests, syncJob } from './sync.jobs.ts';

/**
 * The library: folders and videos (upload, probe, delete), the files served to players, and
 * folder syncs with what FTP wrote, run as jobs by the worker. The library itself is opened by
 * the core, as the FTP server and the jobs use it too.
 */
export const libraryModule = defineModule({
  name: 'library',
  // the account's folders and videos: the customer's own
  accountFiles: [{ name: 'library', root: 'storage', kind: 'carried', of: async ({ library }, _tx, a) => [library.storage.accountDir(a.usuario)] }],
  routes: (app, { config, store, jobs, accounts, library, services }) => {
    libraryRoutes(app, library, services.auth.authenticate, async (login) => {
      const row = await accounts.byLogin(login);
      return row && !isSuspended(row.suspension) && row.usuario === login ? ownerOfAccount(row) : null;
    }, createSyncRequests({ db: store.db, jobs }), config);
  },
  jobs: [syncJob],
});
