import type { FastifyInstance } from 'fastify';
import { serverEdgeBody } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import { operatorOf } from '../management/operator.routes.ts';
import { idOf } from '../management/params.ts';
import type { ServersService } from './servers.service.ts';

/** The operator's 'Administração' → 'Servidores' (anyone but the operator: 403 `operator_only`, before the body is read). */
export function serversRoutes(app: FastifyInstance, servers: ServersService): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/admin/servidores', auth, (req) => {
    operatorOf(req);
    return servers.list();
  });
  app.put('/api/admin/servidores/:id', auth, (req) => {
    operatorOf(req);
    const id = idOf(req.params);
    return servers.setEdge(id, parse(serverEdgeBody, req.body ?? {}).edge_url);
  });
}
