import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type preHandlerAsyncHookHandler } from 'fastify';
import fastifyStatic from '@fastify/static';
import { msg } from '@painel/contract';
import type { Config } from './platform/config.ts';
import { bearer, createTokens } from './platform/auth.ts';
import { createSealer } from './platform/crypto.ts';
import { migrate, openDb, type OpenDb } from './platform/db.ts';
import { installErrorHandler } from './platform/errors.ts';
import { secret } from './platform/secrets.ts';
import { createAccountsRepo } from './modules/accounts/accounts.repo.ts';
import { createAccountsService, type AccountsService } from './modules/accounts/accounts.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createLoginThrottle } from './platform/login-throttle.ts';
import { healthRoutes, type HealthProbe } from './modules/health/health.routes.ts';
import { createSettingsRepo } from './modules/settings/settings.repo.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createLive, liveRoutes } from './modules/streaming/live.ts';
import { createLibrary, type Library } from './modules/library/library.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';

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
}

/** Opens the database, runs migrations and builds the services every process needs. */
export async function openCore(config: Config): Promise<Core> {
  const store = openDb(config);
  await migrate(store);
  const sealer = createSealer(secret(config.dataDir, 'ftp.key'));
  const accounts = createAccountsService({ db: store.db, repo: createAccountsRepo(), sealer });
  const library = createLibrary({ db: store.db, dataDir: config.dataDir });
  return { config, store, accounts, library };
}

export interface AppOptions {
  probes?: Record<string, HealthProbe>;
  logger?: boolean;
}

/** The Fastify instance with every route; no listen, so tests use app.inject. */
export async function buildApp(core: Core, opts: AppOptions = {}): Promise<FastifyInstance> {
  const { config, store, accounts } = core;
  const db = store.db;
  const app = Fastify({
    logger: opts.logger ? { level: 'info' } : false,
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
    // a connection that sends nothing for 2 minutes is closed (slow-body clients); a whole
    // request has no time limit, so a long upload on a slow line is never cut
    connectionTimeout: 120_000,
    requestTimeout: 0,
  });
  installErrorHandler(app);

  const tokens = createTokens(secret(config.dataDir, 'jwt.key'), config.jwtTtlSeconds);
  const throttle = createLoginThrottle({ db, ...config.login });
  const auth = createAuthService({ accounts, tokens, throttle });

  app.decorateRequest('auth', null as never);
  app.decorate('requireAuth', async (req) => {
    req.auth = await auth.authenticate(bearer(req));
  });

  authRoutes(app, auth, app.requireAuth);
  settingsRoutes(app, createSettingsService({ db, repo: createSettingsRepo() }));
  const live = createLive(core);
  healthRoutes(app, db, { media_server: () => live.media.probe(), ...opts.probes }, live.healthDetails);
  liveRoutes(app, core, live);
  libraryRoutes(app, core.library, auth.authenticate);

  app.addHook('onSend', async (_req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
  });

  serveWeb(app, config.webDist);
  return app;
}

/** The built SPA: static files, and index.html for every client-side route. */
function serveWeb(app: FastifyInstance, dist: string | undefined): void {
  const hasWeb = !!dist && fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h' });
  const indexHtml = hasWeb ? fs.readFileSync(path.join(dist, 'index.html')) : undefined;
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (!indexHtml || req.method !== 'GET' || url.startsWith('/api/') || path.extname(url)) {
      return reply.status(404).send({ success: false, error: msg.notFound });
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
}
