import type { FastifyInstance } from 'fastify';
import type { PanelAccess } from './access.ts';
import type { ManagementService } from './management.service.ts';
import { idOf } from './params.ts';

export function accessRoutes(app: FastifyInstance, management: ManagementService, access: PanelAccess): void {
  // the caller first: a streaming (also one whose panel was entered) is refused with 403
  app.post('/api/revenda/streamings/:id/acessar', { preHandler: app.requireAuth }, (req) =>
    access.enter(management.callerOf(req.auth), idOf(req.params)));
}
