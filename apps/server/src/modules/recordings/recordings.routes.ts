import type { FastifyInstance } from 'fastify';
import { recordingConfigBody } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import { accountLive } from '../servers/routing.ts';
import type { RecordingsService } from './recordings.service.ts';

export function recordingsRoutes(app: FastifyInstance, recordings: RecordingsService): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/gravacoes/config', auth, (req) => recordings.config(req.auth));
  app.put('/api/gravacoes/config', auth, (req) => recordings.setConfig(req.auth, parse(recordingConfigBody, req.body ?? {}).ativo));
  app.get('/api/gravacoes', auth, (req) => recordings.list(req.auth));
  app.put('/api/gravacoes/atual', { ...auth, ...accountLive.session }, (req) => recordings.setCurrent(req.auth, parse(recordingConfigBody, req.body ?? {}).ativo));
}
