import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { idParam } from '../../platform/http.ts';
import { IMAGE_MAX_BYTES } from '../../platform/images.ts';
import { contentDisposition } from '../library/content.routes.ts';
import { ownerOf } from '../library/owner.ts';
import { accountFiles } from '../servers/routing.ts';
import { readForm } from '../../platform/form.ts';
import type { AndroidService } from './android.service.ts';

/** The Android app (App Android), the multi-platform app's 'Criar APK Android', and the APK download. */
export function androidRoutes(app: FastifyInstance, android: AndroidService): void {
  const auth = { preHandler: app.requireAuth };
  // pictures and APKs are the account's files: on its own server (servers/routing.ts)
  const files = { ...auth, ...accountFiles.session };

  app.get('/api/app-android', auth, async (req) => ({ success: true, apps: await android.list(ownerOf(req.auth)) }));
  app.get('/api/app-android/config', auth, (req) => android.config(ownerOf(req.auth)));
  app.delete('/api/app-android/:id', files, (req) => android.remove(ownerOf(req.auth), idParam(req.params)));

  app.register(async (scope) => {
    // the pictures are read whole (each at most 5 MB) and checked before anything is written
    await scope.register(multipart, { limits: { files: 6, fileSize: IMAGE_MAX_BYTES, fields: 60, fieldSize: 32 * 1024, parts: 70 } });
    scope.post('/api/app-android/create', files, async (req) => android.create(ownerOf(req.auth), await readForm(req, ['logo', 'icone', 'fundo'])));
    scope.put('/api/app-android/configure', files, async (req) => android.configure(ownerOf(req.auth), await readForm(req, ['logo', 'fundo'])));
    scope.post('/api/app-multiplataforma/create-apk', files, async (req) =>
      android.createFromWebapp(ownerOf(req.auth), await readForm(req, ['logo', 'background'])));
  });

  /**
   * The APK. A download link opened on a phone or in a new tab sends no header, so besides the
   * session (Authorization) the address may carry the list's read grant as ?auth_token=, as
   * library playback does; a session token is never taken from the address.
   */
  // an APK is named {login}-{app id}-{random}.apk (a login has no '-')
  app.get('/app/apps/:zip', accountFiles.login((req) => /^([a-z0-9_]+)-/.exec((req.params as { zip?: string }).zip ?? '')?.[1]), async (req, reply) => {
    const { zip } = req.params as { zip: string };
    const grant = (req.query as { auth_token?: unknown }).auth_token;
    const session = bearer(req);
    if (!session && typeof grant !== 'string') throw new AppError('not_authenticated');
    if (session) await app.requireAuth.call(app, req, reply);
    const f = await android.apkFile(zip, session ? { owner: ownerOf(req.auth) } : { grant: String(grant) });
    return reply
      .type('application/vnd.android.package-archive')
      .header('Content-Disposition', contentDisposition(f.nome))
      .header('Content-Length', f.size)
      .header('Cache-Control', 'private, no-cache')
      .send(fs.createReadStream(f.path));
  });
}
