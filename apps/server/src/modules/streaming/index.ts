import path from 'node:path';
import { bearer } from '../../platform/auth.ts';
import { entriesNamed } from '../account-files.ts';
import { defineModule } from '../module.ts';
import { createHlsOrigin } from './hls-origin.ts';
import { createIngestService, hookToken, type IngestService } from './ingest.service.ts';
import { createPlaylistHolds } from './playlist-holds.ts';
import { applyReconcile, planReconcile } from './reconcile.ts';
import { createStreamingRepo } from './streaming.repo.ts';
import { hlsRoutes, ingestHookRoutes, streamingRoutes } from './streaming.routes.ts';
import { createStreamingService, type StreamingService } from './streaming.service.ts';
import { createTransmissions, type Transmissions } from './transmissions.service.ts';

declare module '../module.ts' {
  interface Services {
    streaming: StreamingService;
    transmissions: Transmissions;
    ingest: IngestService;
  }
}

/** A broadcast with no signal is ended after this long (nginx may report a new publish late). */
const RECONCILE_GRACE_MS = 10_000;
/**
 * After nginx came (back) up, how long OBS has to reconnect before its broadcast ends: OBS retries
 * by itself, after a delay that grows with each attempt.
 */
const NGINX_UP_GRACE_MS = 30_000;
const repo = createStreamingRepo();
/** One per API process: the ingest holds a playlist while its channel changes publisher, the HLS route serves it. */
const holds = createPlaylistHolds();

/**
 * Live transmission: OBS ingest (nginx's on_publish callbacks), the status, start and stop,
 * connection data, and the HLS playlists players read. The worker ends broadcasts nginx no
 * longer has and drops publishers without one.
 */
export const streamingModule = defineModule({
  name: 'streaming',
  // {login}_live.m3u8 and {login}_live-N.ts (a login has no '.' nor '-', so no other channel's file matches): made again by what plays next
  accountFiles: [{
    name: 'hls', root: 'hls', kind: 'local',
    of: ({ config }, _tx, a) => entriesNamed(path.join(config.dataDir, 'hls'), (n) => n.startsWith(`${a.usuario}_live.`) || n.startsWith(`${a.usuario}_live-`)),
  }],
  services: {
    transmissions: () => createTransmissions({ repo }),
    // streaming asks lives for the platforms' restreams and lives asks streaming for the OBS row: late-bound calls
    streaming: ({ store, config, services, accounts }) => createStreamingService({
      db: store.db, repo, accounts, config, media: services.media, viewers: services.viewers, activity: services.activity,
      platforms: {
        connectPlatforms: (...a) => services.lives.connectPlatforms(...a),
        disconnectPlatforms: (...a) => services.lives.disconnectPlatforms(...a),
        platformStates: (...a) => services.lives.platformStates(...a),
      },
      playout: { info: (id) => services.playout.info(id) },
      serverOf: (codigo) => services.servers.serverOf(codigo),
      recordings: {
        choose: (...a) => services.recordings.choose(...a),
        recordingNow: (userId) => services.recordings.recordingNow(userId),
      },
      standby: (userId) => services.fallback.standby(userId), holds,
    }),
    // what reacts to OBS going live or dropping (recordings, the standby) subscribes to the events: the ingest names none of them
    ingest: ({ store, config, services, events, log }) => createIngestService({
      db: store.db, repo, media: services.media, activity: services.activity, nodeId: config.media.nodeId,
      hlsDir: path.join(config.dataDir, 'hls'), channel: services.channel, events,
      refusal: (tx, userId) => services.processes.refusal(tx, userId), holds, log: log('ingest'),
    }),
  },
  routes: (app, { config, accounts, services }) => {
    streamingRoutes(app, services.streaming, accounts, services.playout);
    // a publish or its end changes what every reader of the account sees at once
    ingestHookRoutes(app, services.ingest, hookToken(config.dataDir), () => app.readCache.clear());
    // taken from the container once, not on every playlist request
    const { auth, players } = services;
    hlsRoutes(app, {
      streaming: services.streaming, hlsDir: path.join(config.dataDir, 'hls'), viewers: services.viewers,
      viewerLimit: async (stream) => (await accounts.byLogin(stream.replace(/_live$/, '')))?.espectadores ?? 0,
      signedInAs: (req) => auth.authenticate(bearer(req)).then((a) => a.userId, () => null),
      ownerPreview: (stream, grant) => players.isOwnerPreviewOf(stream, grant),
      fragmentBase: createHlsOrigin(config.media).fragmentBase,
    });
  },
  ticks: [{
    // what nginx really has: broadcasts without a signal end, publishers without a broadcast are dropped, peaks are kept
    name: 'ingest-reconcile', needsNginx: true, after: ['channel'],
    async run({ store, services, log }, w) {
      const stat = await w.media.stat().catch(() => null);
      if (!stat) return;
      const open = await repo.liveOfNode(store.db, w.nodeId);
      const plan = planReconcile(open, stat, Date.now(), RECONCILE_GRACE_MS, { since: w.nginx.status().since, graceMs: NGINX_UP_GRACE_MS });
      await applyReconcile({ db: store.db, repo, media: w.media, viewers: services.viewers, activity: services.activity, log: log('reconciliação') }, open, plan);
    },
  }],
});
