import type { FastifyInstance } from 'fastify';
import { bookingBody, monthQuery, msg } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import { idParam } from '../../platform/http.ts';
import type { SchedulesService } from './schedules.service.ts';

export function schedulesRoutes(app: FastifyInstance, schedules: SchedulesService): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/agendamentos', auth, (req) => schedules.list(req.auth.userId, parse(monthQuery, req.query ?? {}).mesAno));
  app.post('/api/agendamentos', auth, async (req) => {
    const agendamento = await schedules.create(req.auth.userId, parse(bookingBody, req.body ?? {}));
    return { success: true, message: msg.bookingCreated, agendamento };
  });
  app.put('/api/agendamentos/:id', auth, async (req) => {
    const agendamento = await schedules.update(req.auth.userId, idParam(req.params), parse(bookingBody, req.body ?? {}));
    return { success: true, message: msg.bookingUpdated, agendamento };
  });
  app.delete('/api/agendamentos/:id', auth, async (req) => {
    await schedules.remove(req.auth.userId, idParam(req.params));
    return { success: true, message: msg.bookingDeleted };
  });
}
