import { defineModule } from '../module.ts';
import { apkJob } from './android.jobs.ts';
import { createAndroidRepo } from './android.repo.ts';
import { androidRoutes } from './android.routes.ts';
import { createAndroidService } from './android.service.ts';

/** The Android app: its configuration, APK builds (a job of the worker) and downloads. */
export const androidModule = defineModule({
  name: 'android-app',
  routes: (app, { store, jobs, config, library, services }) => androidRoutes(app, createAndroidService({
    db: store.db, dialect: store.dialect, repo: createAndroidRepo(), jobs, config, grants: library.grants,
    webOf: async (login) => (await services.servers.serverOfLogin(login)).public_url,
  })),
  jobs: [apkJob],
});
