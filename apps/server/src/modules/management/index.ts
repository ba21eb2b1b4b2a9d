import { defineModule } from '../module.ts';
import { createPanelAccess, type PanelAccess } from './access.ts';
import { accessRoutes } from './access.routes.ts';
import { createAccountEffects } from './effects.ts';
import { managementRoutes } from './management.routes.ts';
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
    management: ({ store, library, accounts, services, config }) => {
      // what a suspension stops at once, and a deletion
      const effects = createAccountEffects({ store, services });
      return createManagementService({
        db: store.db, accounts, audit: services.audit,
        usageMB: async (id) => (await library.usageOf(id)).espacoUsadoMB,
        viewersNow: (id) => services.viewers.shown(id),
        effects, removal: createRemoval({ db: store.db, dataDir: config.dataDir, library, effects, audit: services.audit }),
      });
    },
    panelAccess: ({ store, services }) => createPanelAccess({ db: store.db, auth: services.auth, audit: services.audit, activity: services.activity }),
  },
  routes: (app, { services }) => {
    managementRoutes(app, services.management);
    accessRoutes(app, services.management, services.panelAccess);
  },
});
