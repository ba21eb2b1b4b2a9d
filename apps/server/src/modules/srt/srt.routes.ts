import type { FastifyInstance } from 'fastify';
import { srtConfigBody } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import type { SrtService } from './srt.service.ts';

export function srtRoutes(app: FastifyInstance, srt: SrtService): void {
  app.get('/api/srt', { preHandler: app.requireAuth }, (req) => srt.get(req.auth));
  app.put('/api/srt', { preHandler: app.requireAuth }, (req) => srt.set(req.auth, parse(srtConfigBody, req.body ?? {}).ativo));
}
