import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearer, type Auth } from '../../platform/auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { parseRange } from '../../platform/http.ts';
import { accountFiles } from '../servers/routing.ts';
import type { Library } from './library.ts';
import { ownerOf, type Owner } from './owner.ts';
import { verifyContentGrant } from './video-view.ts';

/** RFC 6266/5987: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(nome: string): string {
  const ascii = nome.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\%]/g, '_').trim() || 'video';
  const utf8 = encodeURIComponent(nome).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

interface ContentQuery {
  auth_token?: string;
  download?: string;
}

/**
 * GET /content/{login}/{folder}/{file}: playback and download of library files. A <video> or a
 * new tab cannot send headers, so the address carries a read grant for that one video as
 * ?auth_token= (issued with the video list, valid for a few hours); a session token is only
 * taken from the Authorization header, never from the address. Either way only the account's
 * own files open (404 otherwise).
 */
export function contentRoutes(app: FastifyInstance, deps: {
  library: Library; authenticate: (token: string | undefined) => Promise<Auth>; ownerByLogin: (login: string) => Promise<Owner | null>;
}): void {
  const { library } = deps;
  app.get('/content/:login/:folder/:file', accountFiles.loginParam('login'), async (req: FastifyRequest, reply: FastifyReply) => {
    const q = req.query as ContentQuery;
    const { login, folder, file } = req.params as { login: string; folder: string; file: string };
    const session = bearer(req);
    const grant = typeof q.auth_token === 'string' ? q.auth_token : undefined;
    if (!session && !grant) throw new AppError('not_authenticated');
    const owner = session ? ownerOf(await deps.authenticate(session)) : await deps.ownerByLogin(login);
    const f = owner && (await library.videos.content(owner, login, folder, file));
    if (!f) throw notFound();
    if (!session && !verifyContentGrant(library.grants, grant, owner.userId, f.id)) throw new AppError('invalid_token');

    const etag = `"${f.size.toString(16)}-${Math.floor(f.mtimeMs).toString(16)}"`;
    reply.header('Accept-Ranges', 'bytes');
    reply.header('Content-Type', f.contentType);
    reply.header('ETag', etag);
    reply.header('Last-Modified', new Date(f.mtimeMs).toUTCString());
    reply.header('Cache-Control', 'private, max-age=0, must-revalidate');
    if (q.download === '1' || q.download === 'true') reply.header('Content-Disposition', contentDisposition(f.nome));

    // If-Range with a different validator means the file changed: send it whole
    const ifRange = req.headers['if-range'];
    const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.range, f.size);
    if (range === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${f.size}`);
      return reply.status(416).send();
    }
    const { start, end } = range ?? { start: 0, end: f.size - 1 };
    const length = f.size === 0 ? 0 : end - start + 1;
    reply.header('Content-Length', length);
    if (range) reply.status(206).header('Content-Range', `bytes ${start}-${end}/${f.size}`);
    if (req.method === 'HEAD' || length === 0) return reply.send();
    return reply.send(fs.createReadStream(f.path, { start, end }));
  });
}
