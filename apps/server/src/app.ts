import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type preHandlerAsyncHookHandler } from 'fastify';
import fastifyStatic from '@fastify/static';
import { msg } from '@painel/contract';
import type { Config } from './platform/config.ts';
import { bearer, createTokens } from './platform/auth.ts';
import { createSealer, type Sealer } from './platform/crypto.ts';
import { ensureDataDir, migrate, openDb, type OpenDb } from './platform/db.ts';
import { installErrorHandler } from './platform/errors.ts';
import { requestLogSerializer } from './platform/log.ts';
import { secret } from './platform/secrets.ts';
import { trustLoopbackProxy } from './platform/ip-key.ts';
import { inlineScriptHashes, installSecurityHeaders } from './platform/security-headers.ts';
import { createAccountsRepo } from './modules/accounts/accounts.repo.ts';
import { createAccountsService, type AccountsService } from './modules/accounts/accounts.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createLoginThrottle } from './platform/login-throttle.ts';
import { healthRoutes, type HealthProbe } from './modules/health/health.routes.ts';
import { createSettingsRepo } from './modules/settings/settings.repo.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createActivityRepo } from './modules/activity/activity.repo.ts';
import { createActivityService } from './modules/activity/activity.service.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createMediaRepo } from './modules/media/media.repo.ts';
import { createMediaServer } from './modules/media/media-server.ts';
import { createLogosService } from './modules/players/logos.service.ts';
import { createPlayersRepo } from './modules/players/players.repo.ts';
import { playersRoutes } from './modules/players/players.routes.ts';
import { createPlayersService } from './modules/players/players.service.ts';
import { createIngestService, hookToken } from './modules/streaming/ingest.service.ts';
import { createStreamingRepo } from './modules/streaming/streaming.repo.ts';
import { hlsRoutes, ingestHookRoutes, streamingRoutes } from './modules/streaming/streaming.routes.ts';
import { createHlsOrigin } from './modules/streaming/hls-origin.ts';
import { createStreamingService } from './modules/streaming/streaming.service.ts';
import { createViewers } from './modules/viewers/viewers.service.ts';
import { createLibrary, ownerOfAccount, type Library } from './modules/library/library.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { createProcessesRepo } from './modules/engine/processes.repo.ts';
import { commercialsRoutes } from './modules/commercials/commercials.routes.ts';
import { createCommercialsService } from './modules/commercials/commercials.service.ts';
import { schedulesRoutes } from './modules/schedules/schedules.routes.ts';
import { createSchedulesService, timezoneOf } from './modules/schedules/schedules.service.ts';
import { createPlaylistsRepo } from './modules/playlists/playlists.repo.ts';
import { playlistsRoutes } from './modules/playlists/playlists.routes.ts';
import { createPlaylistsService } from './modules/playlists/playlists.service.ts';
import { verifyPublishToken } from './modules/engine/publish-token.ts';
import { createPlayoutRepo } from './modules/playout/playout.repo.ts';
import { createPlayoutService } from './modules/playout/playout.service.ts';
import { createProcesses } from './modules/engine/processes.service.ts';
import { createLivesRepo } from './modules/lives/lives.repo.ts';
import { livesRoutes } from './modules/lives/lives.routes.ts';
import { ftpMigrationRoutes } from './modules/ftp-migration/ftp-migration.routes.ts';
import { createLivesService } from './modules/lives/lives.service.ts';
import { createRelayRepo } from './modules/relay/relay.repo.ts';
import { relayRoutes } from './modules/relay/relay.routes.ts';
import { audienceRoutes } from './modules/audience/audience.routes.ts';
import { createAudienceService } from './modules/audience/audience.service.ts';
import { createRelayService } from './modules/relay/relay.service.ts';
import { downloadsRoutes } from './modules/downloads/downloads.routes.ts';
import { conversionRoutes } from './modules/conversion/conversion.routes.ts';
import { createDownloadsService } from './modules/downloads/downloads.service.ts';
import { createOutboundGuard, type OutboundGuard } from './platform/outbound-guard.ts';
import { createJobRunner, createJobs, type Jobs } from './platform/jobs.ts';
import { createSyncRequests, syncJob } from './modules/library/sync.jobs.ts';
import { webappRoutes } from './modules/webapp/webapp.routes.ts';
import { androidRoutes } from './modules/android-app/android.routes.ts';
import { createReadCache, installReadCacheInvalidation } from './platform/read-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    requireAuth: preHandlerAsyncHookHandler;
  }
}

export interface Core {
  config: Config;
  store: OpenDb;
  accounts: AccountsService;
  library: Library;
  /** Seals the secrets kept for a customer (FTP password, platform stream keys). */
  sealer: Sealer;
  /** The queue of finite jobs (download, FTP migration, conversion) the worker runs. */
  jobs: Jobs;
  /** The one gate for every address the panel connects to on a customer's behalf. */
  guard: OutboundGuard;
}

/** Opens the database, runs migrations and builds the services every process needs. */
export async function openCore(config: Config): Promise<Core> {
  ensureDataDir(config.dataDir);
  const store = openDb(config);
  await migrate(store);
  const sealer = createSealer(secret(config.dataDir, 'ftp.key'));
  const accounts = createAccountsService({ db: store.db, repo: createAccountsRepo(), sealer });
  const library = createLibrary({ db: store.db, dataDir: config.dataDir });
  return { config, store, accounts, library, sealer, jobs: createJobs({ db: store.db }), guard: createOutboundGuard({ allow: config.outboundAllow }) };
}

export interface AppOptions {
  probes?: Record<string, HealthProbe>;
  /** The request log (LOG_REQUESTS=1); a stream sends it elsewhere than stdout. */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** How long a public /api/health answer is reused. */
  healthCacheMs?: number;
  /** The clock of the login throttle's windows (tests move it instead of waiting). */
  loginClock?: () => number;
}

/** The Fastify instance with every route; no listen, so tests use app.inject. */
export async function buildApp(core: Core, opts: AppOptions = {}): Promise<FastifyInstance> {
  const { config, store, accounts } = core;
  const db = store.db;
  const app = Fastify({
    logger: opts.logger
      ? { level: 'info', serializers: { req: requestLogSerializer }, ...(typeof opts.logger === 'object' ? { stream: opts.logger.stream } : {}) }
      : false,
    trustProxy: process.env.TRUST_PROXY === '1' ? true : trustLoopbackProxy,
    bodyLimit: 1024 * 1024,
    // a connection that sends nothing for 2 minutes is closed (slow-body clients); a whole
    // request has no time limit, so a long upload on a slow line is never cut
    connectionTimeout: 120_000,
    requestTimeout: 0,
  });
  installErrorHandler(app);

  const tokens = createTokens(secret(config.dataDir, 'jwt.key'), config.jwtTtlSeconds);
  const throttle = createLoginThrottle({ db, ...config.login, ...(opts.loginClock ? { now: opts.loginClock } : {}) });
  const auth = createAuthService({ db, accounts, tokens, throttle });

  app.decorateRequest('auth', null as never);
  const readCache = createReadCache({ ttlMs: config.readCacheMs });
  app.decorate('readCache', readCache);
  installReadCacheInvalidation(app, readCache);
  app.decorate('requireAuth', async (req) => {
    req.auth = await auth.authenticate(bearer(req));
  });

  const activity = createActivityService({ db, repo: createActivityRepo() });
  const media = createMediaServer({ db, repo: createMediaRepo(), nodeId: config.media.nodeId, controlPort: config.media.controlPort });
  const viewers = createViewers(core);
  app.addHook('onClose', () => viewers.flush());
  const streamingRepo = createStreamingRepo();
  // streaming asks lives for the platforms' restreams, lives asks streaming for the OBS row: linked by late-bound calls
  const streaming = createStreamingService({
    db, repo: streamingRepo, config, media, viewers, activity,
    platforms: {
      connectPlatforms: (...a) => lives.connectPlatforms(...a),
      disconnectPlatforms: (...a) => lives.disconnectPlatforms(...a),
      platformStates: (...a) => lives.platformStates(...a),
    },
    playout: { info: (id) => playout.info(id) },
  });
  const processes = createProcesses({ repo: createProcessesRepo() });
  const playlistsRepo = createPlaylistsRepo();
  const playout = createPlayoutService({
    db, repo: createPlayoutRepo(), playlists: playlistsRepo, streaming: streamingRepo, processes, media, activity, config,
  });
  const commercials = createCommercialsService({ db, library: core.library });
  core.library.addGuard(commercials.guard);
  const playlists = createPlaylistsService({ db, repo: playlistsRepo, library: core.library, onAir: (id) => playout.onAir(id) });
  const ingest = createIngestService({
    db, repo: streamingRepo, media, activity, nodeId: config.media.nodeId, hlsDir: path.join(config.dataDir, 'hls'),
    playout: { verify: (t) => verifyPublishToken(config.dataDir, t), yieldTo: playout.yieldTo, release: async (id) => void (await playout.release(id)) },
  });
  const playersRepo = createPlayersRepo();
  const logos = createLogosService({ db, repo: playersRepo, dataDir: config.dataDir, activity, quota: core.library.quota });
  const players = createPlayersService({
    db, repo: playersRepo, config, accounts, streaming, logos, viewers, activity, vodKey: secret(config.dataDir, 'player-vod.key'),
    previewKey: secret(config.dataDir, 'player-preview.key'),
    vod: (account, folder, file) => core.library.videos.content(ownerOfAccount(account), account.usuario, folder, file),
  });
  const dashboard = createDashboardService({
    db, dialect: store.dialect, config, usage: (id) => core.library.usageOf(id), viewers, streaming, activity, media, startedAt: Date.now(),
    playlists: (id) => playlists.count(id),
  });

  authRoutes(app, auth, app.requireAuth);
  const settings = createSettingsService({ db, repo: createSettingsRepo() });
  const lives = createLivesService({
    db, repo: createLivesRepo(), processes, sealer: core.sealer,
    guard: core.guard, config, settings, activity, obsStatus: (auth) => streaming.status(auth),
    workerAlive: async () => (await media.reported()) === 'ok',
  });
  settingsRoutes(app, settings);
  healthRoutes(app, {
    db,
    probes: { media_server: () => media.probe(), ...opts.probes },
    reported: async () => ({ media_server: await media.reported() }),
    details: () => media.details(),
    ...(opts.healthCacheMs !== undefined ? { cacheMs: opts.healthCacheMs } : {}),
  });
  streamingRoutes(app, streaming, accounts, playout);
  playlistsRoutes(app, playlists);
  commercialsRoutes(app, commercials);
  schedulesRoutes(app, createSchedulesService({ db, playout, timezoneOf: timezoneOf(db) }));
  livesRoutes(app, lives);
  ftpMigrationRoutes(app, core);
  relayRoutes(app, createRelayService({ db, repo: createRelayRepo(), processes, streaming: streamingRepo, channel: playout, media, viewers, activity, sealer: core.sealer, guard: core.guard, config }));
  downloadsRoutes(app, createDownloadsService(core));
  conversionRoutes(app, core);
  ingestHookRoutes(app, ingest, hookToken(config.dataDir), () => readCache.clear());
  const hlsOrigin = createHlsOrigin(config.media);
  hlsRoutes(app, {
    streaming, hlsDir: path.join(config.dataDir, 'hls'), viewers,
    viewerLimit: async (stream) => (await accounts.byLogin(stream.replace(/_live$/, '')))?.espectadores ?? 0,
    signedInAs: (req) => auth.authenticate(bearer(req)).then((a) => a.userId, () => null),
    ownerPreview: (stream, grant) => players.isOwnerPreviewOf(stream, grant),
    fragmentBase: hlsOrigin.fragmentBase,
  });
  playersRoutes(app, { players, logos, hlsOrigin: hlsOrigin.origin });
  audienceRoutes(app, createAudienceService({
    db, dialect: store.dialect, viewers, timezoneOf: timezoneOf(db),
    onAir: async (id) => (await streamingRepo.liveOfUser(db, id)).some((t) => t.started_at !== null),
  }));
  dashboardRoutes(app, dashboard);
  webappRoutes(app, { core, viewers, streaming });
  androidRoutes(app, { core });
  // folder syncs run as jobs of the queue, claimed by the API processes themselves (library work, no media)
  const syncRunner = createJobRunner({
    db, dialect: store.dialect, nodeId: config.media.nodeId,
    workRoot: path.join(core.library.storage.root, '.jobs'), handlers: { sync: syncJob(core.library.sync) }, slots: { sync: 4 },
    leaseMs: config.tools.jobLeaseMs, tickMs: 1000,
  });
  await syncRunner.recover();
  syncRunner.start();
  app.addHook('onClose', () => syncRunner.stop());
  libraryRoutes(app, core.library, auth.authenticate, async (login) => {
    const row = await accounts.byLogin(login);
    return row && !row.disabled && row.usuario === login ? ownerOfAccount(row) : null;
  }, createSyncRequests({ db, jobs: core.jobs, wake: () => void syncRunner.tick() }));

  const indexHtml = config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))
    ? fs.readFileSync(path.join(config.webDist, 'index.html'))
    : undefined;
  installSecurityHeaders(app, { scriptHashes: indexHtml ? inlineScriptHashes(indexHtml.toString('utf8')) : [], hlsOrigin: hlsOrigin.origin });
  serveWeb(app, config.webDist, indexHtml);
  return app;
}

/** The built SPA: static files, and index.html for every client-side route. */
function serveWeb(app: FastifyInstance, dist: string | undefined, indexHtml: Buffer | undefined): void {
  if (dist && indexHtml) app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h' });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (!indexHtml || req.method !== 'GET' || url.startsWith('/api/') || path.extname(url)) {
      return reply.status(404).send({ success: false, error: msg.notFound });
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
}
