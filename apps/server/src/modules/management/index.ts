import { defineModule } from '../module.ts';
import { managementRoutes } from './management.routes.ts';
import { createManagementService, type ManagementService } from './management.service.ts';

declare module '../module.ts' {
  interface Services {
    management: ManagementService;
  }
}

/** A reseller's streamings and the operator's accounts: plans within the pool, suspension, passwords, the audit log. */
export const managementModule = defineModule({
  name: 'management',
  services: {
    management: ({ store, library, accounts, services }) => createManagementService({
      db: store.db, accounts, audit: services.audit,
      usageMB: async (id) => (await library.usageOf(id)).espacoUsadoMB,
      viewersNow: (id) => services.viewers.shown(id),
    }),
  },
  routes: (app, { services }) => managementRoutes(app, services.management),
});
