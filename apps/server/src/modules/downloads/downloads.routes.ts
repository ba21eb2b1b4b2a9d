import type { FastifyInstance } from 'fastify';
import { downloadLinkBody, startDownloadBody } from '@painel/contract';
import { parse } from '../../platform/errors.ts';
import type { DownloadsService } from './downloads.service.ts';

/** Download from a link: check a link, start, follow, cancel, and the recent downloads. */
export function downloadsRoutes(app: FastifyInstance, downloads: DownloadsService): void {
  const auth = { preHandler: app.requireAuth };
  app.get('/api/downloadyoutube/recent', auth, (req) => downloads.recent(req.auth));
  app.get('/api/downloadyoutube/status', auth, (req) => downloads.status(req.auth));
  app.post('/api/downloadyoutube/validate', auth, (req) => downloads.validate(req.auth, parse(downloadLinkBody, req.body ?? {}).url));
  app.post('/api/downloadyoutube/info', auth, (req) => downloads.info(req.auth, parse(downloadLinkBody, req.body ?? {}).url));
  app.post('/api/downloadyoutube/cancel', auth, (req) => downloads.cancel(req.auth));
  app.post('/api/downloadyoutube', auth, (req) => downloads.start(req.auth, parse(startDownloadBody, req.body ?? {})));
}
