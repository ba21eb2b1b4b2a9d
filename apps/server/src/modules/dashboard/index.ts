import { defineModule } from '../module.ts';
import { timezoneOf } from '../schedules/schedules.service.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService, type DashboardService } from './dashboard.service.ts';

declare module '../module.ts' {
  interface Services {
    dashboard: DashboardService;
  }
}

const startedAt = Date.now();

/** The dashboard's figures: storage, viewers, the channel, the media server, recent activity. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  services: {
    dashboard: ({ store, config, library, services }) => createDashboardService({
      db: store.db, dialect: store.dialect, config, usage: (id) => library.usageOf(id), viewers: services.viewers,
      streaming: services.streaming, activity: services.activity, media: services.media, startedAt,
      playlists: (id) => services.playlists.count(id), timezoneOf: timezoneOf(store.db),
      serverOf: (codigo) => services.servers.statusOf(codigo),
    }),
  },
  routes: (app, { services }) => dashboardRoutes(app, services.dashboard),
});
