import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { fallbackBody } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import { accountFiles } from '../servers/routing.ts';
import type { FallbackService } from './fallback.service.ts';

/** The standby signal: its choice, and the slate's picture, both on the account's server (where the slate is made). */
export function fallbackRoutes(app: FastifyInstance, fallback: FallbackService): void {
  const auth = { preHandler: app.requireAuth, ...accountFiles.session };
  app.get('/api/sinal-reserva', auth, (req) => fallback.get(req.auth));
  app.put('/api/sinal-reserva', auth, (req) => fallback.set(req.auth, parse(fallbackBody, req.body ?? {})));
  app.get('/api/sinal-reserva/imagem', auth, async (req, reply) => {
    const file = await fallback.image(req.auth);
    const st = await fs.promises.stat(file);
    return reply.type('image/png').header('Cache-Control', 'private, no-cache').header('Content-Length', st.size).send(fs.createReadStream(file));
  });
}
