import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ping, type Db } from '../../platform/db.ts';

export type ComponentState = 'ok' | 'down' | 'unknown';
export type HealthProbe = () => Promise<ComponentState>;

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A caller on this machine (the CLI, the supervisor, an operator's curl): a loopback peer
 * with no proxy header — a reverse proxy on the same machine passes the internet's requests
 * from loopback too, and those must not count as local.
 */
const isLocal = (req: FastifyRequest) =>
  LOOPBACK.test(req.ip) && LOOPBACK.test(req.socket.remoteAddress ?? '') && !FORWARDED.some((h) => req.headers[h] !== undefined);

/** A valid panel session on the request; a missing or bad token is simply "no", never a 401 here. */
async function isAuthenticated(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (!req.headers.authorization) return false;
  try {
    await req.server.requireAuth.call(req.server, req, reply);
    return true;
  } catch {
    return false;
  }
}

/** How long a public answer is reused: monitors and visitors never make the API probe anything. */
export const PUBLIC_HEALTH_CACHE_MS = 5000;

/**
 * Reports each component the API knows; `ok` is false when any of them is down. The answer
 * `{ok, components, time}` is public (monitors, the dashboard's status block) and comes from
 * what the worker last wrote about its processes, read at most once per few seconds;
 * `details` — process ids, restarts, the last error with its file paths — and live probes
 * only go to a logged-in panel session or a local caller.
 */
export function healthRoutes(app: FastifyInstance, deps: {
  db: Db;
  /** Live checks of each component, for sessions and local callers. */
  probes: Record<string, HealthProbe>;
  /** Each component's state as its process last reported it (no probing). */
  reported: () => Promise<Record<string, ComponentState>>;
  /** What the processes behind the components report about themselves (state, restarts). */
  details: () => Promise<Record<string, unknown>>;
  cacheMs?: number;
}): void {
  const cacheMs = deps.cacheMs ?? PUBLIC_HEALTH_CACHE_MS;
  let cached: { at: number; answer: Promise<Record<string, ComponentState>> } | null = null;

  const published = (): Promise<Record<string, ComponentState>> => {
    if (cached && Date.now() - cached.at < cacheMs) return cached.answer;
    const answer = deps.reported().then(
      (components) => ({ api: 'ok' as const, database: 'ok' as const, ...components }),
      () => ({ api: 'ok' as const, database: 'down' as const }),
    );
    cached = { at: Date.now(), answer };
    return answer;
  };

  async function probed(): Promise<Record<string, ComponentState>> {
    const components: Record<string, ComponentState> = { api: 'ok', database: (await ping(deps.db)) ? 'ok' : 'down' };
    for (const [name, probe] of Object.entries(deps.probes)) components[name] = await probe().catch(() => 'down' as const);
    return components;
  }

  app.get('/api/health', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const insider = isLocal(req) || (await isAuthenticated(req, reply));
    const components = insider ? await probed() : await published();
    const ok = !Object.values(components).includes('down');
    const time = new Date().toISOString();
    if (!insider) return reply.status(ok ? 200 : 503).send({ ok, components, time });
    const extra = await deps.details().catch(() => ({}));
    return reply.status(ok ? 200 : 503).send({ ok, components, details: extra, time });
  });
}
