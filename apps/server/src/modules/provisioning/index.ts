import { defineModule } from '../module.ts';
import { createApiKeysService, type ApiKeysService } from './api-keys.service.ts';
import { provisioningRoutes } from './provisioning.routes.ts';
import { createProvisioningService, type ProvisioningService } from './provisioning.service.ts';

declare module '../module.ts' {
  interface Services {
    apiKeys: ApiKeysService;
    provisioning: ProvisioningService;
  }
}

/** Billing systems (WHMCS, Blesta): the operator's API keys and the provisioning API they call. */
export const provisioningModule = defineModule({
  name: 'provisioning',
  services: {
    apiKeys: ({ store, accounts }) => createApiKeysService({ db: store.db, accounts }),
    provisioning: ({ store, accounts, services }) => createProvisioningService({
      db: store.db, accounts, management: services.management, operator: services.operator,
    }),
  },
  routes: (app, { services }, api) => provisioningRoutes(app, { keys: services.apiKeys, provisioning: services.provisioning, readCache: api.readCache }),
});
