import { defineModule } from '../module.ts';
import { createViewers, type ViewersService } from './viewers.service.ts';

declare module '../module.ts' {
  interface Services {
    viewers: ViewersService;
  }
}

/** Viewer sessions from the players' heartbeats and HLS requests. */
export const viewersModule = defineModule({
  name: 'viewers',
  services: { viewers: (ctx) => createViewers(ctx) },
  // sessions counted in memory are written before the API goes away
  routes: (app, { services }) => void app.addHook('onClose', () => services.viewers.flush()),
  ticks: [
    // sessions without a heartbeat for 30 s end at their last one
    { name: 'viewers', run: ({ services }) => services.viewers.expire().then(() => undefined) },
  ],
});
