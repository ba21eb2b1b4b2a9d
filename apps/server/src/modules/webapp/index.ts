import path from 'node:path';
import { defineModule } from '../module.ts';
import { createPublishedService } from './published.service.ts';
import { webappRoutes } from './webapp.routes.ts';
import { createWebappService } from './webapp.service.ts';

/** The multi-platform web app: the owner's settings, banners and push, and the published app. */
export const webappModule = defineModule({
  name: 'webapp',
  // the published app's pictures and icons
  accountFiles: [{ name: 'webapp', root: 'apps', kind: 'carried', of: async ({ config }, _tx, a) => [path.join(config.dataDir, 'apps', String(a.id))] }],
  routes: (app, core) => webappRoutes(app, {
    config: core.config, webapp: createWebappService(core), published: createPublishedService(core),
    viewers: core.services.viewers, streaming: core.services.streaming,
  }),
});
