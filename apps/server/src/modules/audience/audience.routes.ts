import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { audienceHistoryQuery, audienceQuery } from '@painel/contract';
import { AppError, parse } from '../../platform/errors.ts';
import type { AudienceService } from './audience.service.ts';

export function audienceRoutes(app: FastifyInstance, audience: AudienceService): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/espectadores', auth, (req) => audience.list(req.auth, parse(audienceQuery, req.query ?? {}).periodo));
  app.get('/api/espectadores/mapa', auth, (req) => audience.map(req.auth, parse(audienceQuery, req.query ?? {}).periodo));
  app.get('/api/espectadores/tempo-real', auth, (req) => audience.realTime(req.auth));
  app.get('/api/espectadores/historico', auth, (req) => {
    const q = parse(audienceHistoryQuery, req.query ?? {});
    // 5-minute steps only over the last hour: longer periods are kept in hourly sums
    if (q.intervalo === '5m' && q.periodo !== '1h') throw new AppError('audience_period');
    return audience.history(req.auth, q.periodo, q.intervalo);
  });
  app.get('/api/espectadores/exportar', auth, (req, reply) => {
    const { periodo } = parse(audienceQuery, req.query ?? {});
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${audience.csvName(periodo)}"`)
      .header('Cache-Control', 'no-store')
      .send(Readable.from(audience.csv(req.auth, periodo)));
  });
}
