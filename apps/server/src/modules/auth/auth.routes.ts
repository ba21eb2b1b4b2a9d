import type { FastifyInstance } from 'fastify';
import { loginBody } from '@painel/contract';
import { AppError, parse } from '../../platform/errors.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService, requireAuth: FastifyInstance['requireAuth']): void {
  app.post('/api/auth/login', async (req) => {
    const body = parse(loginBody, req.body ?? {});
    const { token, user } = await auth.login(body.email, body.password, req.ip);
    return { success: true, token, user };
  });

  app.get('/api/auth/me', { preHandler: requireAuth }, async (req) => ({ success: true, user: req.auth.user }));

  app.post('/api/auth/logout', { preHandler: requireAuth }, async (req) => {
    await auth.logout(req.auth);
    return { success: true };
  });

  // Accounts are created by the operator (./painel user add), never by visitors.
  app.post('/api/auth/register', async () => {
    throw new AppError('registration_refused');
  });
  app.post('/api/auth/forgot-password', async () => {
    throw new AppError('recovery_refused');
  });
}
