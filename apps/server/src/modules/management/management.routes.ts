import type { FastifyInstance } from 'fastify';
import { newStreamingBody, passwordResetBody, streamingPlanBody } from '@painel/contract';
import { notFound, parse } from '../../platform/errors.ts';
import type { ManagementService } from './management.service.ts';

/** An account id from the path; anything else is no account at all. */
function idOf(params: unknown): number {
  const raw = (params as { id?: string }).id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}

export function managementRoutes(app: FastifyInstance, management: ManagementService): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/revenda/streamings', auth, (req) => management.list(req.auth));
  app.post('/api/revenda/streamings', auth, async (req, reply) => {
    // the role first: a streaming is refused before its body is read
    management.scopeOf(req.auth);
    const created = await management.create(req.auth, parse(newStreamingBody, req.body ?? {}));
    return reply.status(201).send(created);
  });
  app.put('/api/revenda/streamings/:id/plano', auth, (req) => {
    management.scopeOf(req.auth);
    return management.updatePlan(req.auth, idOf(req.params), parse(streamingPlanBody, req.body ?? {}));
  });
  app.post('/api/revenda/streamings/:id/suspender', auth, (req) => management.suspend(req.auth, idOf(req.params)));
  app.post('/api/revenda/streamings/:id/reativar', auth, (req) => management.reactivate(req.auth, idOf(req.params)));
  app.post('/api/revenda/streamings/:id/senha', auth, (req) => {
    management.scopeOf(req.auth);
    return management.resetPassword(req.auth, idOf(req.params), parse(passwordResetBody, req.body ?? {}).senha);
  });
  app.get('/api/revenda/auditoria', auth, (req) => management.auditLog(req.auth));
}
