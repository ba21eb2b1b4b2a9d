import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountMoveBody } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import { parseRange } from '../../platform/http.ts';
import { operatorOf } from '../management/operator.routes.ts';
import { idOf } from '../management/params.ts';
import { accountLive } from '../servers/routing.ts';
import type { AccountMoveService } from './account-move.service.ts';
import type { ServerTokens } from './token.ts';

/**
 * The operator's 'Mover para outro servidor' (anyone but the operator: 403 `operator_only`,
 * before the body is read), and the internal routes another server of the installation pulls
 * an account's files with (a server token: 401 without a valid one, 403 for another account or
 * server; an account not on this server: 404).
 */
export function accountMoveRoutes(app: FastifyInstance, moves: AccountMoveService, tokens: ServerTokens, nodeId: number): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/admin/contas/:id/mover', auth, (req) => {
    operatorOf(req);
    return moves.status(idOf(req.params));
  });
  // asked of the account's own server while it reports: the broadcasts it stops are its nginx's
  app.post('/api/admin/contas/:id/mover', { ...auth, ...accountLive.idParam('id') }, (req) => {
    operatorOf(req);
    const id = idOf(req.params);
    return moves.request(id, parse(accountMoveBody, req.body ?? {}).codigo_servidor);
  });

  /** The token first: nothing of an account is read for a request without one. */
  const server = async (req: FastifyRequest): Promise<number> => {
    const raw = (req.params as { id?: string }).id ?? '';
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
    await tokens.verify(req.headers.authorization, { account: id, source: nodeId });
    return idOf(req.params);
  };
  app.get('/api/interno/contas/:id/arquivos', async (req) => moves.manifest(await server(req)));
  app.get('/api/interno/contas/:id/arquivo', async (req, reply) => {
    const id = await server(req);
    const caminho = (req.query as { caminho?: unknown }).caminho;
    const file = await moves.file(id, typeof caminho === 'string' ? caminho : '');
    const range = parseRange(req.headers.range, file.size);
    reply.header('accept-ranges', 'bytes').header('cache-control', 'no-store').type('application/octet-stream');
    if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${file.size}`).send();
    if (!range) return reply.header('content-length', file.size).send(fs.createReadStream(file.abs));
    return reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1).send(fs.createReadStream(file.abs, { start: range.start, end: range.end }));
  });
  app.post('/api/interno/contas/:id/liberar', async (req) => moves.release(await server(req)));
}
