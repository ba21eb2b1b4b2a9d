import { defineModule } from '../module.ts';
import { createSettingsRepo } from './settings.repo.ts';
import { settingsRoutes } from './settings.routes.ts';
import { createSettingsService, type SettingsService } from './settings.service.ts';

declare module '../module.ts' {
  interface Services {
    settings: SettingsService;
  }
}

/** The account's panel settings (Configurações). */
export const settingsModule = defineModule({
  name: 'settings',
  services: { settings: (ctx) => createSettingsService({ db: ctx.store.db, repo: createSettingsRepo() }) },
  routes: (app, { services }) => settingsRoutes(app, services.settings),
});
