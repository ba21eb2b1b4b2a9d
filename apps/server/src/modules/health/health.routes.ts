import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

export type ComponentState = 'ok' | 'down' | 'unknown';
export type HealthProbe = () => Promise<ComponentState>;

/** Reports each component the API knows; `ok` is false when any of them is down. */
export function healthRoutes(
  app: FastifyInstance, db: Db, probes: Record<string, HealthProbe>,
  /** What the processes behind the components report about themselves (state, restarts). */
  details: () => Promise<Record<string, unknown>> = async () => ({}),
): void {
  app.get('/api/health', async (_req, reply) => {
    const components: Record<string, ComponentState> = {};
    components.api = 'ok';
    components.database = await sql`select 1 as one`.execute(db).then(() => 'ok' as const, () => 'down' as const);
    for (const [name, probe] of Object.entries(probes)) {
      components[name] = await probe().catch(() => 'down' as const);
    }
    const ok = !Object.values(components).includes('down');
    const extra = await details().catch(() => ({}));
    return reply.status(ok ? 200 : 503).send({ ok, components, details: extra, time: new Date().toISOString() });
  });
}
