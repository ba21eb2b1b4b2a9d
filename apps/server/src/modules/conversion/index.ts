import { defineModule } from '../module.ts';
import { conversionJob } from './conversion.jobs.ts';
import { createConversionRepo } from './conversion.repo.ts';
import { conversionRoutes } from './conversion.routes.ts';
import { createConversionService, type ConversionService } from './conversion.service.ts';

declare module '../module.ts' {
  interface Services {
    conversion: ConversionService;
  }
}

/** Video conversion (optimised MP4 at a chosen quality), run by the worker's ffmpeg. */
export const conversionModule = defineModule({
  name: 'conversion',
  services: { conversion: ({ config, store, library, jobs }) => createConversionService({ db: store.db, library, jobs, repo: createConversionRepo(), space: config }) },
  // a video being converted cannot be deleted or moved, from the panel, over FTP or by another job
  guards: ({ library, services }) => library.addGuard(services.conversion.guard),
  routes: (app, { services }) => conversionRoutes(app, services.conversion),
  jobs: [conversionJob],
});
