import { defineModule } from '../module.ts';
import { schedulesRoutes } from './schedules.routes.ts';
import { createDueBookings, type DueBookings } from './schedules.due.ts';
import { createSchedulesService, timezoneOf, type SchedulesService } from './schedules.service.ts';

declare module '../module.ts' {
  interface Services {
    schedules: SchedulesService;
    dueBookings: DueBookings;
  }
}

/** The schedule calendar: bookings start a playlist broadcast at their time. */
export const schedulesModule = defineModule({
  name: 'schedules',
  services: {
    schedules: (ctx) => createSchedulesService({ db: ctx.store.db, timezoneOf: timezoneOf(ctx.store.db) }),
    dueBookings: (ctx) => createDueBookings({ db: ctx.store.db, playout: ctx.services.playout, log: ctx.log('agendamentos') }),
  },
  routes: (app, { services }) => schedulesRoutes(app, services.schedules),
  // bookings that are due start their playout (before the engine looks at its rows in the same pass)
  ticks: [{ name: 'schedules', before: ['engine'], run: ({ services }, w) => services.dueBookings.due(w.nodeId).then(() => undefined) }],
});
