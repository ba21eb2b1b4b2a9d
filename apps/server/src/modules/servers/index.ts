import { defineModule } from '../module.ts';
import { serversTick } from './heartbeat.ts';
import { createServersRepo } from './servers.repo.ts';
import { installAccountRouting } from './routing.ts';
import { serversRoutes } from './servers.routes.ts';
import { createServersService, type ServersService } from './servers.service.ts';

declare module '../module.ts' {
  interface Services {
    servers: ServersService;
  }
}

/**
 * The installation's media servers: each worker registers its server (NODE_ID) and writes a
 * heartbeat with its load every 5 s; the operator sees them and sets each one's HLS edge
 * (/api/admin/servidores). New accounts are placed by placement.ts.
 */
export const serversModule = defineModule({
  name: 'servers',
  services: {
    servers: ({ store, config, accounts }) => createServersService({
      db: store.db, repo: createServersRepo(), nodeId: config.media.nodeId, config,
      accounts: { perServer: () => accounts.perServer(), serverOfLogin: async (login) => (await accounts.byUsuario(login))?.codigo_servidor },
    }),
  },
  routes: (app, ctx) => {
    serversRoutes(app, ctx.services.servers);
    // requests for an account's files reach the account's own server (routing.ts)
    installAccountRouting(app, ctx);
  },
  ticks: [serversTick()],
});
