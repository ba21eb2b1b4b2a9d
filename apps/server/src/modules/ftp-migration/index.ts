import { defineModule } from '../module.ts';
import { migrationJob } from './ftp-migration.jobs.ts';
import { ftpMigrationRoutes } from './ftp-migration.routes.ts';
import { createFtpMigrationService } from './ftp-migration.service.ts';

/** FTP migration: browse another server's files and copy videos into a folder (a job of the worker). */
export const ftpMigrationModule = defineModule({
  name: 'ftp-migration',
  routes: (app, core) => {
    const ftp = createFtpMigrationService({ core });
    // the browsing sessions hold open connections and passwords: they go with the process
    app.addHook('onClose', async () => ftp.close());
    ftpMigrationRoutes(app, ftp);
  },
  jobs: [migrationJob],
});
