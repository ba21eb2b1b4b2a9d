import { defineModule } from '../module.ts';
import { createPublishedService } from './published.service.ts';
import { webappRoutes } from './webapp.routes.ts';
import { createWebappService } from './webapp.service.ts';

/** The multi-platform web app: the owner's settings, banners and push, and the published app. */
export const webappModule = defineModule({
  name: 'webapp',
  routes: (app, core) => webappRoutes(app, {
    config: core.config, webapp: createWebappService(core), published: createPublishedService(core),
    viewers: core.services.viewers, streaming: core.services.streaming,
  }),
});
