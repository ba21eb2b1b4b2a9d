import { defineModule } from '../module.ts';
import { createMediaServer, type MediaServer } from './media-server.ts';
import { createMediaRepo } from './media.repo.ts';
import { sweepHls } from './nginx.ts';

declare module '../module.ts' {
  interface Services {
    /** The API's view of this node's nginx-rtmp (its control port as the worker reported it). */
    media: MediaServer;
  }
}

/** How often fragments no playlist lists any more are removed. */
const HLS_SWEEP_MS = 10_000;

/** nginx-rtmp: run and supervised by the worker (nginx.ts), read by the API. */
export const mediaModule = defineModule({
  name: 'media',
  services: {
    media: ({ store, config }) => createMediaServer({ db: store.db, repo: createMediaRepo(), nodeId: config.media.nodeId, controlPort: config.media.controlPort }),
  },
  ticks: [
    { name: 'hls-sweep', everyMs: HLS_SWEEP_MS, needsNginx: true, run: ({ config }) => sweepHls(`${config.dataDir}/hls`) },
  ],
});
