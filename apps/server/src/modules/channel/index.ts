import { signalWake } from '../../platform/wake.ts';
import { defineModule } from '../module.ts';
import { createChannelRepo } from './channel.repo.ts';
import { createChannel, type Channel } from './channel.service.ts';

declare module '../module.ts' {
  interface Services {
    channel: Channel;
  }
}

/**
 * The account's channel: one source on air (its playlist broadcast or its relay), which gives
 * way to OBS. Playout and relay claim it; the ingest callback holds and releases it.
 */
export const channelModule = defineModule({
  name: 'channel',
  services: {
    channel: (ctx) => createChannel({
      db: ctx.store.db, repo: createChannelRepo(), processes: ctx.services.processes, transmissions: ctx.services.transmissions,
      media: ctx.services.media, activity: ctx.services.activity, dataDir: ctx.config.dataDir, log: ctx.log('canal'),
      wake: () => signalWake(ctx.config.dataDir, ctx.config.media.nodeId),
    }),
  },
  // after the engine's pass: broadcasts whose source stopped end, holds OBS never used go
  ticks: [{ name: 'channel', after: ['engine'], run: ({ services }, w) => services.channel.sweep(w.nodeId, (name) => w.media.dropPublisher(name)) }],
});
