import type { FastifyInstance } from 'fastify';
import { userSettingsBody } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import type { SettingsService } from './settings.service.ts';

export function settingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  app.get('/api/user-settings', { preHandler: app.requireAuth }, (req) => settings.get(req.auth));
  app.post('/api/user-settings', { preHandler: app.requireAuth }, async (req) => {
    const saved = await settings.save(req.auth, parse(userSettingsBody, req.body ?? {}));
    return { success: true, settings: saved };
  });
}
