import { defineModule } from '../module.ts';
import { downloadJob } from './downloads.jobs.ts';
import { downloadsRoutes } from './downloads.routes.ts';
import { createDownloadsService } from './downloads.service.ts';

/** Download from a link (YouTube and others) into a folder, through yt-dlp in the worker. */
export const downloadsModule = defineModule({
  name: 'downloads',
  routes: (app, ctx) => downloadsRoutes(app, createDownloadsService(ctx)),
  jobs: [downloadJob],
});
