import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearer, type Auth } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { Library } from './library.ts';
import { ownerOf } from './owner.ts';

/**
 * One byte range of a file of `size` bytes: {start, end} inclusive, 'unsatisfiable' (416),
 * or null to send the whole file (no header, a malformed one, or several ranges — the
 * RFC lets a server answer those with the full body).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  let start: number;
  let end: number;
  if (a === '') {
    const suffix = Number(b); // last N bytes
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
    if (b !== '' && Number(b) < start) return null;
  }
  if (start >= size || size === 0) return 'unsatisfiable';
  return { start, end };
}

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
 * GET /content/{login}/{folder}/{file}: playback and download of library files. The
 * player's <video> cannot send headers, so the session token may come as ?auth_token=;
 * either way it only ever opens the acting account's own files (404 otherwise).
 */
export function contentRoutes(app: FastifyInstance, library: Library, authenticate: (token: string | undefined) => Promise<Auth>): void {
  app.get('/content/:login/:folder/:file', async (req: FastifyRequest, reply: FastifyReply) => {
    const q = req.query as ContentQuery;
    const auth = await authenticate(bearer(req) ?? (typeof q.auth_token === 'string' ? q.auth_token : undefined));
    const { login, folder, file } = req.params as { login: string; folder: string; file: string };
    const f = await library.videos.content(ownerOf(auth), login, folder, file);
    if (!f) throw notFound();

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
