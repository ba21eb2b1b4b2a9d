import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newStreamingBody, passwordResetBody, streamingPlanBody } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import type { ManagementService } from './management.service.ts';
import { accountFiles } from '../servers/routing.ts';
import { idOf } from './params.ts';

export function managementRoutes(app: FastifyInstance, management: ManagementService): void {
  const auth = { preHandler: app.requireAuth };
  // the caller first: a streaming is refused (403) before its body or the id is read
  const caller = (req: FastifyRequest) => management.callerOf(req.auth);
  app.get('/api/revenda/streamings', auth, (req) => management.list(caller(req)));
  app.post('/api/revenda/streamings', auth, async (req, reply) => {
    const created = await management.create(caller(req), parse(newStreamingBody, req.body ?? {}));
    return reply.status(201).send(created);
  });
  app.put('/api/revenda/streamings/:id/plano', auth, (req) =>
    management.updatePlan(caller(req), idOf(req.params), parse(streamingPlanBody, req.body ?? {})));
  app.post('/api/revenda/streamings/:id/suspender', auth, (req) => management.suspend(caller(req), idOf(req.params)));
  app.post('/api/revenda/streamings/:id/reativar', auth, (req) => management.reactivate(caller(req), idOf(req.params)));
  app.post('/api/revenda/streamings/:id/senha', auth, (req) =>
    management.resetPassword(caller(req), idOf(req.params), parse(passwordResetBody, req.body ?? {}).senha));
  app.delete('/api/revenda/streamings/:id', { ...auth, ...accountFiles.idParam('id') }, (req) => management.remove(caller(req), idOf(req.params)));
  app.get('/api/revenda/auditoria', auth, (req) => management.auditLog(caller(req)));
}
