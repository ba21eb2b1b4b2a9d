import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError } from '../../platform/errors.ts';
import { idParam } from '../../platform/http.ts';
import { readForm } from '../../platform/form.ts';
import { IMAGE_MAX_BYTES } from '../../platform/images.ts';
import { accountFiles } from '../servers/routing.ts';
import { publishedRoutes, type PublishedDeps } from './published.routes.ts';
import { vapidPublicKey } from './push.ts';
import type { WebappService } from './webapp.service.ts';

/** The longest text field (the programming and history texts, 5000 characters of up to 4 bytes). */
const FIELD_MAX_BYTES = 32 * 1024;

/**
 * The App Multiplataforma: the owner's settings, banners and push notifications (session
 * calls, scoped to the acting account), and the published app itself (public).
 */
export function webappRoutes(app: FastifyInstance, deps: PublishedDeps & { webapp: WebappService }): void {
  const { webapp } = deps;
  // the push key pair is made on the first start, before any visitor subscribes with its public half
  vapidPublicKey(deps.config.dataDir);
  const auth = { preHandler: app.requireAuth };
  // the pictures are the account's files: written on its own server (servers/routing.ts)
  const files = { ...auth, ...accountFiles.session };

  app.get('/api/app-multiplataforma', auth, (req) => webapp.get(req.auth));
  app.get('/api/app-multiplataforma/banners', auth, (req) => webapp.banners(req.auth));
  app.delete('/api/app-multiplataforma/banners/:id', files, (req) => webapp.removeBanner(req.auth, idParam(req.params)));

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 3, fields: 40, parts: 50, fieldSize: FIELD_MAX_BYTES, fileSize: IMAGE_MAX_BYTES } });
    scope.post('/api/app-multiplataforma', files, async (req) => webapp.save(req.auth, await readForm(req, ['logo', 'background']), 'create'));
    scope.put('/api/app-multiplataforma', files, async (req) => webapp.save(req.auth, await readForm(req, ['logo', 'background']), 'update'));
    scope.post('/api/app-multiplataforma/banners', files, async (req) => webapp.addBanner(req.auth, await readForm(req, ['banner'])));
    scope.post('/api/app-multiplataforma/notifications', files, async (req) =>
      webapp.notify(req.auth, await readForm(req, ['url_icone', 'url_imagem'])));
  });

  publishedRoutes(app, deps);
}
