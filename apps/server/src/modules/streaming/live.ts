import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../app.ts';
import { secret } from '../../platform/secrets.ts';
import { createActivityRepo } from '../activity/activity.repo.ts';
import { createActivityService } from '../activity/activity.service.ts';
import { createDashboardService } from '../dashboard/dashboard.service.ts';
import { dashboardRoutes } from '../dashboard/dashboard.routes.ts';
import { ownerOfAccount } from '../library/library.ts';
import { createMediaRepo } from '../media/media.repo.ts';
import { createMediaServer } from '../media/media-server.ts';
import { createLogosService } from '../players/logos.service.ts';
import { createPlayersRepo } from '../players/players.repo.ts';
import { playersRoutes } from '../players/players.routes.ts';
import { createPlayersService } from '../players/players.service.ts';
import { createViewersRepo } from '../players/viewers.repo.ts';
import { createViewersService } from '../players/viewers.service.ts';
import { createIngestService } from './ingest.service.ts';
import { createStreamingRepo } from './streaming.repo.ts';
import { hlsRoutes, ingestHookRoutes, streamingRoutes } from './streaming.routes.ts';
import { createStreamingService } from './streaming.service.ts';

/** The secret in nginx's callback path, shared by the API and the worker through DATA_DIR/secrets. */
export const hookToken = (dataDir: string): string => secret(dataDir, 'rtmp-hook.key').toString('hex');

/**
 * Builds the live-streaming core (streaming, ingest, players, viewers, logos, dashboard)
 * over the shared database; the API registers its routes, the worker uses its parts.
 */
export function createLive(core: Core) {
  const { config, store, accounts } = core;
  const db = store.db;
  const activity = createActivityService({ db, repo: createActivityRepo() });
  const media = createMediaServer({ db, repo: createMediaRepo(), nodeId: config.media.nodeId, controlPort: config.media.controlPort });
  const viewers = createViewersService({ db, dialect: store.dialect, repo: createViewersRepo(), ipSalt: secret(config.dataDir, 'viewer-ip.key') });
  const streamingRepo = createStreamingRepo();
  const streaming = createStreamingService({ db, repo: streamingRepo, config, media, viewers, activity });
  const ingest = createIngestService({ db, repo: streamingRepo, media, activity, nodeId: config.media.nodeId, hlsDir: path.join(config.dataDir, 'hls') });
  const playersRepo = createPlayersRepo();
  const logos = createLogosService({ db, repo: playersRepo, dataDir: config.dataDir, activity });
  const players = createPlayersService({
    db, repo: playersRepo, config, accounts, streaming, logos, viewers, activity, vodKey: secret(config.dataDir, 'player-vod.key'),
    vod: (account, folder, file) => core.library.videos.content(ownerOfAccount(account), account.usuario, folder, file),
  });
  const dashboard = createDashboardService({
    db, dialect: store.dialect, config, usage: (id) => core.library.usageOf(id), viewers, streaming, activity, media, startedAt: Date.now(),
  });
  /** The worker's own report on nginx, for /api/health. */
  async function healthDetails(): Promise<Record<string, unknown>> {
    const svc = await media.service();
    if (!svc) return { media_server: null };
    return {
      media_server: {
        state: svc.state, pid: svc.pid, restarts: svc.restarts, since: svc.changed_at, last_error: svc.last_error,
        worker_seen_at: svc.heartbeat_at,
      },
    };
  }
  return { activity, media, viewers, streamingRepo, streaming, ingest, logos, players, dashboard, healthDetails };
}
export type Live = ReturnType<typeof createLive>;

export function liveRoutes(app: FastifyInstance, core: Core, live: Live): void {
  const { config } = core;
  streamingRoutes(app, live.streaming, core.accounts);
  ingestHookRoutes(app, live.ingest, hookToken(config.dataDir));
  hlsRoutes(app, { streaming: live.streaming, hlsDir: path.join(config.dataDir, 'hls') });
  playersRoutes(app, { players: live.players, logos: live.logos });
  dashboardRoutes(app, live.dashboard);
}
