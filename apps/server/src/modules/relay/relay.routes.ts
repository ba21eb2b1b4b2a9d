import type { FastifyInstance } from 'fastify';
import { relayStartBody, relayValidateBody } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import type { RelayService } from './relay.service.ts';
import { accountLive } from '../servers/routing.ts';

export function relayRoutes(app: FastifyInstance, relay: RelayService): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/relay/status', { ...auth, ...accountLive.session }, (req) => relay.status(req.auth));
  app.post('/api/relay/validate-url', auth, (req) => relay.validate(req.auth, parse(relayValidateBody, req.body ?? {})));
  app.post('/api/relay/start', auth, (req) => relay.start(req.auth, parse(relayStartBody, req.body ?? {})));
  app.post('/api/relay/stop', auth, (req) => relay.stop(req.auth));
}
