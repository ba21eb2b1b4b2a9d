import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newResellerBody, resellerPoolBody } from '@painel/contract';
import { AppError, parse } from '../../platform/errors.ts';
import type { Actor } from '../audit/audit.service.ts';
import type { OperatorService } from './operator.ts';
import { idOf } from './params.ts';

/** The signed-in operator as an actor; anyone but an account of tipo admin is 403 `operator_only`. */
export function operatorOf(req: FastifyRequest): Actor {
  const account = req.auth.account;
  if (account.tipo !== 'admin') throw new AppError('operator_only');
  return { id: account.id, label: account.usuario };
}

/** The operator's 'Administração': only accounts of tipo admin (anyone else 403 `operator_only`, before the body is read). */
export function operatorRoutes(app: FastifyInstance, operator: OperatorService): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/admin/revendas', auth, (req) => {
    operatorOf(req);
    return operator.overview();
  });
  app.post('/api/admin/revendas', auth, async (req, reply) => {
    const actor = operatorOf(req);
    const created = await operator.createReseller(actor, parse(newResellerBody, req.body ?? {}));
    return reply.status(201).send(created);
  });
  app.put('/api/admin/revendas/:id/pool', auth, (req) => {
    const actor = operatorOf(req);
    return operator.updatePool(actor, idOf(req.params), parse(resellerPoolBody, req.body ?? {}));
  });
}
