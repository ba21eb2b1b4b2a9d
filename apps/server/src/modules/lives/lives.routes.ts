import type { FastifyInstance } from 'fastify';
import { startLiveBody } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import { idParam } from '../../platform/http.ts';
import type { LivesService } from './lives.service.ts';
import { accountLive } from '../servers/routing.ts';

export function livesRoutes(app: FastifyInstance, lives: LivesService): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/streaming/lives', { ...auth, ...accountLive.session }, (req) => lives.list(req.auth));
  app.post('/api/streaming/start-live', auth, (req) => lives.start(req.auth, parse(startLiveBody, req.body ?? {})));
  app.post('/api/streaming/stop-live/:id', auth, (req) => lives.stop(req.auth, idParam(req.params)));
  app.delete('/api/streaming/remove-live/:id', auth, (req) => lives.remove(req.auth, idParam(req.params)));
}
