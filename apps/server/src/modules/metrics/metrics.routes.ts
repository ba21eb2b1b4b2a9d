import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearer } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { isLoopback } from '../../platform/ip-key.ts';
import type { PanelMetrics } from './metrics.ts';

/** The route whose bytes count as uploads (the library's video upload). */
export const UPLOAD_ROUTE = '/api/videos/upload';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token (401 otherwise);
 * without it, only clients on loopback (403 otherwise). req.ip follows the API's proxy setting
 * (TRUST_PROXY, or only a loopback proxy's X-Forwarded-For), so a request the local nginx passes
 * on for an outside client is not taken for a loopback one.
 */
export function checkMetricsAccess(req: FastifyRequest, token: string | undefined): void {
  if (token) {
    const sent = bearer(req);
    if (!sent) throw new AppError('not_authenticated');
    if (!timingSafeEqual(digest(sent), digest(token))) throw new AppError('invalid_token');
    return;
  }
  if (!isLoopback(req.ip)) throw new AppError('operator_only');
}

/** What each connection had read when its previous request ended (keep-alive carries several). */
const readAtLastEnd = new WeakMap<object, number>();

export function metricsRoutes(app: FastifyInstance, o: { metrics: PanelMetrics; token: string | undefined }): void {
  const { metrics, token } = o;

  // every request, by the route pattern it matched (never the raw URL: ids and file names would
  // make a series each); a request no route matched counts as 'unmatched'
  app.addHook('onResponse', async (req, reply) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    metrics.http.requests.inc(labels);
    metrics.http.duration.observe(labels, reply.elapsedTime / 1000);
    // the bytes the connection received for this request (its headers and body): what it had read
    // when the request before it on the same connection ended, up to now
    const socket = req.raw.socket as (typeof req.raw.socket | undefined);
    const read = socket?.bytesRead;
    if (socket && typeof read === 'number') {
      if (req.method === 'POST' && req.routeOptions.url === UPLOAD_ROUTE) metrics.uploadBytes.inc(Math.max(0, read - (readAtLastEnd.get(socket) ?? 0)));
      readAtLastEnd.set(socket, read);
    }
  });
  app.addHook('onClose', async () => metrics.stop());

  app.get('/metrics', async (req, reply) => {
    checkMetricsAccess(req, token);
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('Cache-Control', 'no-store').send(text);
  });
}
