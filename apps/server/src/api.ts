import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type preHandlerAsyncHookHandler } from 'fastify';
import fastifyStatic from '@fastify/static';
import { bearer } from './platform/auth.ts';
import { errorBody, installErrorHandler, notFound } from './platform/errors.ts';
import { requestLogSerializer } from './platform/log.ts';
import { trustLoopbackProxy } from './platform/ip-key.ts';
import { createReadCache, installReadCacheInvalidation } from './platform/read-cache.ts';
import { inlineScriptHashes, installSecurityHeaders } from './platform/security-headers.ts';
import type { HealthProbe } from './modules/health/health.routes.ts';
import type { ModuleContext, ModuleDefinition } from './modules/module.ts';
import { modules } from './modules/index.ts';
import { createHlsOrigin } from './modules/streaming/hls-origin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    requireAuth: preHandlerAsyncHookHandler;
  }
}

export interface AppOptions {
  probes?: Record<string, HealthProbe>;
  /** The request log (LOG_REQUESTS=1); a stream sends it elsewhere than stdout. */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** How long a public /api/health answer is reused. */
  healthCacheMs?: number;
}

/**
 * The API: Fastify with every module's routes; no listen, so tests use app.inject. It starts no
 * background work (the worker runs jobs and periodic duties).
 */
export async function buildApp(core: ModuleContext, opts: AppOptions = {}, defs: readonly ModuleDefinition[] = modules): Promise<FastifyInstance> {
  const { config, services } = core;
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

  app.decorateRequest('auth', null as never);
  const readCache = createReadCache({ ttlMs: config.readCacheMs });
  app.decorate('readCache', readCache);
  installReadCacheInvalidation(app, readCache);
  // read from the container once, not on every request
  const { authenticate } = services.auth;
  app.decorate('requireAuth', async (req) => {
    req.auth = await authenticate(bearer(req));
  });

  const api = { readCache, ...(opts.probes ? { probes: opts.probes } : {}), ...(opts.healthCacheMs !== undefined ? { healthCacheMs: opts.healthCacheMs } : {}) };
  for (const d of defs) d.routes?.(app, core, api);

  const indexHtml = config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))
    ? fs.readFileSync(path.join(config.webDist, 'index.html'))
    : undefined;
  installSecurityHeaders(app, { scriptHashes: indexHtml ? inlineScriptHashes(indexHtml.toString('utf8')) : [], hlsOrigin: createHlsOrigin(config.media).origin });
  serveWeb(app, config.webDist, indexHtml);
  return app;
}

/** The built SPA: static files, and index.html for every client-side route. */
function serveWeb(app: FastifyInstance, dist: string | undefined, indexHtml: Buffer | undefined): void {
  if (dist && indexHtml) app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h' });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (!indexHtml || req.method !== 'GET' || url.startsWith('/api/') || path.extname(url)) {
      return reply.status(404).send(errorBody(notFound()));
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });
}
