import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { errorBodySchema, isNotJson, ownBodyOnError, responses } from '@painel/contract';

/** A real answer that the contract does not describe. */
export interface ContractMismatch {
  route: string;
  status: number;
  reason: string;
  issues: z.core.$ZodIssue[];
}

/** Methods Fastify adds to routes on its own, and the files of the built web app: none is an API route. */
const isAutoRoute = (route: Pick<RouteOptions, 'method' | 'config'>): boolean => {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.every((m) => m === 'HEAD' || m === 'OPTIONS')) return true;
  // @fastify/static names the served file's folder in the route's config
  return typeof (route.config as { rootPath?: unknown } | undefined)?.rootPath === 'string';
};

/** Every `'<METHOD> <url>'` a registered route adds, without HEAD/OPTIONS and static files. */
export function routeKeys(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): string[] {
  if (isAutoRoute(route)) return [];
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((m) => `${m} ${route.url}`);
}

function check(key: string | undefined, status: number, body: unknown): Omit<ContractMismatch, 'route' | 'status'> | null {
  const entry = key === undefined ? undefined : responses[key];
  if (status >= 400) {
    const own = key !== undefined && ownBodyOnError.has(key) && entry && !isNotJson(entry) && entry.safeParse(body).success;
    const r = errorBodySchema.safeParse(body);
    if (!own && !r.success) return { reason: 'error body', issues: r.error.issues };
  }
  if (key === undefined) return null;
  if (entry === undefined) return { reason: 'route missing from the registry', issues: [] };
  if (status < 200 || status >= 300) return null;
  if (isNotJson(entry)) return { reason: `registered as ${entry.notJson}, answered JSON`, issues: [] };
  const r = entry.safeParse(body);
  return r.success ? null : { reason: 'body', issues: r.error.issues };
}

/**
 * Checks every JSON answer against the contract: a 2xx body with the route's schema, a
 * 4xx/5xx body with errorBodySchema. A mismatch is recorded and replaces the answer with a
 * 500 naming it, so the call that made it fails where it was made.
 */
export function installContractCheck(app: FastifyInstance): { mismatches: ContractMismatch[] } {
  const mismatches: ContractMismatch[] = [];
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'HEAD' || typeof payload !== 'string') return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    const routeUrl = req.routeOptions.url;
    const key = routeUrl === undefined ? undefined : `${req.method} ${routeUrl}`;
    const found = check(key, reply.statusCode, body);
    if (!found) return payload;
    const mismatch = { route: key ?? `${req.method} ${req.url}`, status: reply.statusCode, ...found };
    mismatches.push(mismatch);
    const where = mismatch.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    const error = `contract mismatch: ${mismatch.route} ${mismatch.status} ${mismatch.reason}${where ? ` (${where})` : ''}`;
    console.error(error);
    reply.code(500);
    return JSON.stringify({ success: false, error, contract: mismatch });
  });
  return { mismatches };
}
