import path from 'node:path';
import { entriesNamed } from '../account-files.ts';
import { defineModule } from '../module.ts';
import { apkJob } from './android.jobs.ts';
import { createAndroidRepo } from './android.repo.ts';
import { apkDir } from './apk-files.ts';
import { androidRoutes } from './android.routes.ts';
import { createAndroidService } from './android.service.ts';

const repo = createAndroidRepo();

/** The Android app: its configuration, APK builds (a job of the worker) and downloads. */
export const androidModule = defineModule({
  name: 'android-app',
  // the APKs built: those its rows name, and {login}-{app id}-{random}.apk whose row is gone
  accountFiles: [{
    name: 'apk', root: 'apps', kind: 'carried',
    of: async ({ config }, tx, a) => {
      const dir = apkDir(config.dataDir);
      const built = (await repo.apps(tx, a.id)).flatMap((r) => (r.zip ? [path.join(dir, path.basename(r.zip))] : []));
      return [...built, ...(await entriesNamed(dir, (n) => n.startsWith(`${a.usuario}-`) && n.endsWith('.apk')))];
    },
  }],
  routes: (app, { store, jobs, config, library, services }) => androidRoutes(app, createAndroidService({
    db: store.db, dialect: store.dialect, repo, jobs, config, grants: library.grants,
    webOf: async (login) => (await services.servers.serverOfLogin(login)).public_url,
  })),
  jobs: [apkJob],
});
