import { defineModule } from '../module.ts';
import { timezoneOf } from '../schedules/schedules.service.ts';
import { audienceRoutes } from './audience.routes.ts';
import { createAudienceService, type AudienceService } from './audience.service.ts';
import { createAudienceRollups, type AudienceRollups } from './rollups.ts';

declare module '../module.ts' {
  interface Services {
    audience: AudienceService;
    audienceRollups: AudienceRollups;
  }
}

/** Audience (Audiência): hourly sums of the viewer sessions, charts and the CSV. */
export const audienceModule = defineModule({
  name: 'audience',
  services: {
    audience: ({ store, services }) => createAudienceService({
      db: store.db, dialect: store.dialect, viewers: services.viewers, timezoneOf: timezoneOf(store.db),
      onAir: async (id) => (await services.transmissions.liveOfUser(store.db, id)).some((t) => t.started_at !== null),
    }),
    audienceRollups: ({ store }) => createAudienceRollups({ db: store.db, dialect: store.dialect }),
  },
  routes: (app, { services }) => audienceRoutes(app, services.audience),
  ticks: [
    // ended sessions go into the hourly sums
    { name: 'audience', after: ['viewers'], run: ({ services }) => services.audienceRollups.rollUp().then(() => undefined) },
    // sessions past the retention period go
    {
      name: 'audience-retention', everyMs: 3_600_000,
      run: ({ services, config }) => services.audienceRollups.prune(config.viewerRetentionDays).then(() => undefined),
    },
  ],
});
