import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

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

/**
 * Reports each component the API knows; `ok` is false when any of them is down. The answer
 * `{ok, components, time}` is public (monitors, the dashboard's status block); `details` —
 * process ids, restarts, the last error with its file paths — only go to a logged-in panel
 * session or a local caller.
 */
export function healthRoutes(
  app: FastifyInstance, db: Db, probes: Record<string, HealthProbe>,
  /** What the processes behind the components report about themselves (state, restarts). */
  details: () => Promise<Record<string, unknown>> = async () => ({}),
): void {
  app.get('/api/health', async (req, reply) => {
    const components: Record<string, ComponentState> = {};
    components.api = 'ok';
    components.database = await sql`select 1 as one`.execute(db).then(() => 'ok' as const, () => 'down' as const);
    for (const [name, probe] of Object.entries(probes)) {
      components[name] = await probe().catch(() => 'down' as const);
    }
    const ok = !Object.values(components).includes('down');
    const time = new Date().toISOString();
    reply.header('Cache-Control', 'no-store');
    if (!isLocal(req) && !(await isAuthenticated(req, reply))) return reply.status(ok ? 200 : 503).send({ ok, components, time });
    const extra = await details().catch(() => ({}));
    return reply.status(ok ? 200 : 503).send({ ok, components, details: extra, time });
  });
}
