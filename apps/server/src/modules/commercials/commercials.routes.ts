import type { FastifyInstance } from 'fastify';
import { commercialBody, commercialToggleBody, msg } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import { idParam } from '../../platform/http.ts';
import { ownerOf } from '../library/library.ts';
import type { CommercialsService } from './commercials.service.ts';

export function commercialsRoutes(app: FastifyInstance, commercials: CommercialsService): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/comerciais', auth, (req) => commercials.list(ownerOf(req.auth)));
  app.post('/api/comerciais', auth, async (req) => {
    const comercial = await commercials.create(ownerOf(req.auth), parse(commercialBody, req.body ?? {}));
    return { success: true, message: msg.commercialCreated, comercial };
  });
  app.put('/api/comerciais/:id', auth, async (req) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const toggle = Object.keys(raw).length === 1 && 'ativo' in raw;
    const body = toggle ? parse(commercialToggleBody, raw) : parse(commercialBody, raw);
    const comercial = await commercials.update(ownerOf(req.auth), idParam(req.params), body);
    const message = toggle ? (comercial.ativo ? msg.commercialsOn : msg.commercialsOff) : msg.commercialUpdated;
    return { success: true, message, comercial };
  });
  app.delete('/api/comerciais/:id', auth, async (req) => {
    await commercials.remove(ownerOf(req.auth), idParam(req.params));
    return { success: true, message: msg.commercialRemoved };
  });
  app.get('/api/comerciais/pasta/:id/videos', auth, (req) => commercials.folderVideos(ownerOf(req.auth), idParam(req.params)));
}
