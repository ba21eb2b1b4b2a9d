import { defineModule } from '../module.ts';
import { createActivityRepo } from './activity.repo.ts';
import { createActivityService, type ActivityService } from './activity.service.ts';

declare module '../module.ts' {
  interface Services {
    activity: ActivityService;
  }
}

/** The account's activity feed (dashboard): written by other modules, read by the dashboard. */
export const activityModule = defineModule({
  name: 'activity',
  services: { activity: (ctx) => createActivityService({ db: ctx.store.db, repo: createActivityRepo() }) },
});
