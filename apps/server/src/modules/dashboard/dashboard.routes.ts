import type { FastifyInstance } from 'fastify';
import type { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(app: FastifyInstance, dashboard: DashboardService): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/dashboard/stats', auth, (req) => app.readCache.get(req, 'stats', () => dashboard.stats(req.auth)));
  app.get('/api/dashboard/overview', auth, (req) => dashboard.overview(req.auth));
}
