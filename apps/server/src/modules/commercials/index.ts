import { defineModule } from '../module.ts';
import { commercialsRoutes } from './commercials.routes.ts';
import { createCommercialsService, type CommercialsService } from './commercials.service.ts';

declare module '../module.ts' {
  interface Services {
    commercials: CommercialsService;
  }
}

/** Commercial breaks inserted into the playlist broadcast. */
export const commercialsModule = defineModule({
  name: 'commercials',
  services: { commercials: ({ store, library }) => createCommercialsService({ db: store.db, library }) },
  // a folder holding a break's videos cannot be removed, from the panel, over FTP or by a job
  guards: ({ library, services }) => library.addGuard(services.commercials.guard),
  routes: (app, { services }) => commercialsRoutes(app, services.commercials),
});
