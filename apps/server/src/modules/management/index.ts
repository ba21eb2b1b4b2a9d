import { accountFilesOf } from '../account-files.ts';
import { defineModule } from '../module.ts';
import { createPanelAccess, type PanelAccess } from './access.ts';
import { accessRoutes } from './access.routes.ts';
import { createAccountEffects } from './effects.ts';
import { managementRoutes } from './management.routes.ts';
import { createOperatorService } from './operator.ts';
import { operatorRoutes } from './operator.routes.ts';
import { createRemoval } from './removal.ts';
import { createManagementService, type ManagementService } from './management.service.ts';

declare module '../module.ts' {
  interface Services {
    management: ManagementService;
    panelAccess: PanelAccess;
  }
}

/** A reseller's streamings and the operator's accounts: plans within the pool, suspension, passwords, the audit log. */
export const managementModule = defineModule({
  name: 'management',
  services: {
    management: (ctx) => {
      const { store, library, accounts, services, config } = ctx;
      // what a suspension stops at once, and a deletion
      const effects = createAccountEffects({ store, services, accounts });
      return createManagementService({
        db: store.db, accounts, audit: services.audit,
        usageMB: async (id) => (await library.usageOf(id)).espacoUsadoMB,
        viewersNow: (id) => services.viewers.shown(id), transmissions: services.transmissions,
        effects, removal: createRemoval({ db: store.db, accounts, effects, audit: services.audit, files: (tx, account) => accountFilesOf(ctx, tx, account) }),
        nodeId: config.media.nodeId,
      });
    },
    operator: ({ store, library, accounts, services, config }) => createOperatorService({
      db: store.db, accounts, audit: services.audit,
      usageMB: async (id) => (await library.usageOf(id)).espacoUsadoMB,
      viewersNow: (id) => services.viewers.shown(id), transmissions: services.transmissions, nodeId: config.media.nodeId,
    }),
    panelAccess: ({ store, accounts, services }) => createPanelAccess({ db: store.db, accounts, auth: services.auth, audit: services.audit, activity: services.activity }),
  },
  routes: (app, { services }, api) => {
    // a change to a streaming (its plan above all) or to a reseller's pool makes that account's
    // reused reads stale, not only the caller's: its broadcast status must show the new bitrate at once
    app.addHook('onSend', async (req, _reply, payload) => {
      const url = req.routeOptions.url ?? '';
      if (req.method === 'GET' || !(url.startsWith('/api/revenda/streamings/:id') || url === '/api/admin/revendas/:id/pool')) return payload;
      const id = Number((req.params as { id?: string }).id);
      if (Number.isSafeInteger(id) && id > 0) api.readCache.forget(id);
      return payload;
    });
    managementRoutes(app, services.management);
    accessRoutes(app, services.management, services.panelAccess);
    operatorRoutes(app, services.operator);
  },
});
