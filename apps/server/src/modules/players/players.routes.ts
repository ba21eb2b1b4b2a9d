import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  LOGO_MAX_BYTES, VIEWER_HEARTBEAT_MS, effectiveUserId, heartbeatBody, pickLanguage, playerQuery, playerSettingsBody, publicTextsOf,
  type PublicLanguage, type ServerErrorCode,
} from '@painel/contract';
import { AppError, errorBody, parse } from '../../platform/errors.ts';
import { createRateLimiter } from '../../platform/rate-limit.ts';
import { idParam, parseRange } from '../../platform/http.ts';
import { ipKey } from '../../platform/ip-key.ts';
import { accountFiles } from '../servers/routing.ts';
import type { LogosService } from './logos.service.ts';
import { PLAYER_LIBS, VIDEOJS_LANGUAGES, playerPage } from './player-page.ts';
import type { PlayersService, VodProof } from './players.service.ts';

export type { VodResolver } from './players.service.ts';

/**
 * Heartbeats (and leaves) one address may send a minute, an IPv6 counted by its /64. A school
 * or company behind one NAT is one address: this lets ~100 viewers there beat every 10 s
 * (600 a minute) with room for page loads, retries and leaves. A single client cannot use it
 * to crowd a channel: its open sessions are capped per channel (MAX_SESSIONS_PER_IP).
 */
export const PLAYER_REQUESTS_PER_IP_PER_MINUTE = 1200;
/**
 * How often a player page asks again while the channel is offline (its heartbeat while playing
 * stays VIEWER_HEARTBEAT_MS): a viewer who opened the page before the broadcast sees it start
 * within this. An offline heartbeat opens no session; at 15 a minute, some 80 waiting viewers
 * behind one address fit under the per-address limit, and a 429 only delays the next try.
 */
export const OFFLINE_POLL_MS = 4000;
/** The code a rate-limit refusal carries: players wait and try again, they do not stop. */
export const RATE_LIMITED_CODE = 'rate_limited' satisfies ServerErrorCode;

const proofOf = (body: unknown): VodProof => {
  const b = (body ?? {}) as { exp?: unknown; sig?: unknown };
  const exp = typeof b.exp === 'number' || (typeof b.exp === 'string' && /^\d{1,12}$/.test(b.exp)) ? String(b.exp) : undefined;
  const sig = typeof b.sig === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(b.sig) ? b.sig : undefined;
  return { exp, sig };
};

/** The owner's preview grant a heartbeat carries, if it carries one at all (checked by the service). */
const previewOf = (body: unknown): string | undefined => {
  const p = (body as { previa?: unknown } | null)?.previa;
  return typeof p === 'string' ? p : undefined;
};

const require = createRequire(import.meta.url);
const gzip = promisify(zlib.gzip);
const dist = (pkg: string) => path.dirname(require.resolve(pkg));
/** The only files /player-libs serves: the players' own builds from node_modules. */
const LIB_FILES: Record<string, { file: string; type: string }> = {
  'video.min.js': { file: path.join(dist('video.js'), 'video.min.js'), type: 'text/javascript' },
  'video-js.min.css': { file: path.join(dist('video.js'), 'video-js.min.css'), type: 'text/css' },
  'hls.light.min.js': { file: path.join(dist('hls.js'), 'hls.light.min.js'), type: 'text/javascript' },
  // the full build, as before: pages of other sites may still load it from here
  'hls.min.js': { file: path.join(dist('hls.js'), 'hls.min.js'), type: 'text/javascript' },
  'clappr.min.js': { file: path.join(dist('@clappr/player'), 'clappr.min.js'), type: 'text/javascript' },
  // video.js's controls in the viewer's language (its own files: videojs.addLanguage calls)
  'video-lang-pt-BR.js': { file: path.join(dist('video.js'), 'lang', 'pt-BR.js'), type: 'text/javascript' },
  'video-lang-es.js': { file: path.join(dist('video.js'), 'lang', 'es.js'), type: 'text/javascript' },
};
for (const l of Object.values(PLAYER_LIBS)) for (const f of [...l.scripts, ...l.styles]) if (!LIB_FILES[f]) throw new Error(`biblioteca sem arquivo: ${f}`);
for (const { script } of Object.values(VIDEOJS_LANGUAGES)) if (script && !LIB_FILES[script]) throw new Error(`biblioteca sem arquivo: ${script}`);

function csp(nonce: string, player: string, hlsOrigins: readonly string[]): string {
  // the live playlist lists its fragments at the media node's HLS port (hls-origin.ts), or comes from its edge
  const hls = hlsOrigins.map((o) => ` ${o}`).join('');
  return [
    "default-src 'none'",
    // Clappr compiles its templates at run time; the page itself carries no user-written markup
    `script-src 'self' 'nonce-${nonce}'${player === 'clappr' ? " 'unsafe-eval'" : ''}`, "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:", `media-src 'self' blob: data:${hls}`, `connect-src 'self'${hls}`, "worker-src 'self' blob:",
    // no frame-ancestors on purpose: embeds live on any customer site (`*` would still refuse local files)
    "font-src 'self' data:", "base-uri 'none'", "form-action 'none'",
  ].join('; ');
}

/** The page's address as viewers may share it: never with the owner's preview grant, which would make them no audience. */
function shareUrl(origin: string, reqUrl: string): string {
  const q = reqUrl.indexOf('?');
  const params = new URLSearchParams(q < 0 ? '' : reqUrl.slice(q + 1));
  if (!params.has('previa')) return `${origin}${reqUrl}`;
  params.delete('previa');
  return `${origin}${reqUrl.slice(0, q)}?${params}`;
}

/** The viewer's language for a public page, from the request's Accept-Language (the answer then varies by it). */
const viewerLanguage = (req: FastifyRequest, reply: FastifyReply): PublicLanguage => {
  reply.header('Vary', 'Accept-Language');
  return pickLanguage(req.headers['accept-language']);
};

const htmlMessage = (reply: FastifyReply, status: number, lang: PublicLanguage, text: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store')
    .send(`<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>Player</title><body style="margin:0;display:flex;align-items:center;justify-content:center;height:100vh;background:#030712;color:#e5e7eb;font-family:system-ui,sans-serif"><p>${text}</p></body></html>`);

export function playersRoutes(app: FastifyInstance, deps: {
  players: PlayersService; logos: LogosService;
  /** The origin of the HLS fragments for this viewer, which the page's policy must let it fetch. */
  hlsOrigin?: (req: FastifyRequest) => string | null;
}): void {
  const { players, logos } = deps;
  const auth = { preHandler: app.requireAuth };
  const publicLimit = createRateLimiter({ windowMs: 60_000, max: PLAYER_REQUESTS_PER_IP_PER_MINUTE });
  const limited = (req: FastifyRequest, reply: FastifyReply) => {
    if (publicLimit.hit(ipKey(req.ip))) return false;
    void reply.status(429).header('Retry-After', '10').send(errorBody(new AppError(RATE_LIMITED_CODE)));
    return true;
  };

  app.get('/api/player-settings', auth, async (req) => ({ success: true, ...(await players.settingsOf(req.auth.userId)) }));
  app.put('/api/player-settings', auth, (req) => players.saveSettings(req.auth, parse(playerSettingsBody, req.body ?? {})));
  app.get('/api/player-port/url', auth, (req) => players.playerUrl(req.auth, parse(playerQuery.partial(), req.query ?? {})));
  app.get('/api/player-port/previa', auth, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return players.ownerPreview(req.auth);
  });

  app.get('/api/logos', auth, (req) => logos.list(req.auth));
  app.delete('/api/logos/:id', { ...auth, ...accountFiles.session }, (req) => logos.remove(req.auth, idParam(req.params)));
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 5, parts: 10, fieldSize: 1024, fileSize: LOGO_MAX_BYTES } });
    scope.post('/api/logos', { ...auth, ...accountFiles.session }, async (req) => {
      if (!req.isMultipart()) throw new AppError('logo_file_required');
      const part = await req.file();
      if (!part) throw new AppError('logo_file_required');
      const data = await part.toBuffer().catch((e: { code?: string }) => {
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('logo_too_large', { mb: LOGO_MAX_BYTES / (1024 * 1024) });
        throw e;
      });
      const nomeField = part.fields.nome;
      const nome = nomeField && !Array.isArray(nomeField) && nomeField.type === 'field' ? String(nomeField.value) : undefined;
      return logos.upload(req.auth, { nome, filename: part.filename, data, truncated: part.file.truncated });
    });
  });

  // a logo's file is on its account's server: the name says whose it is through its row
  const logoOwner = { config: { accountFiles: async (req: FastifyRequest) => {
    const id = await logos.ownerOfFile((req.params as { file?: string }).file ?? '');
    return id ? { id } : undefined;
  } } };
  app.get<{ Params: { file: string } }>('/logos/:file', logoOwner, async (req, reply) => {
    const f = await logos.file(req.params.file);
    const st = f && (await fs.promises.stat(f.path).catch(() => null));
    if (!f || !st) return reply.status(404).send();
    return reply.type(f.mime).header('Cache-Control', 'public, max-age=86400').header('Content-Length', st.size).send(fs.createReadStream(f.path));
  });

  // a player page waits for its library before the picture starts: gzipped, a third or less of it
  // travels (compressed once, kept in memory; the files only change with the server's dependencies)
  const gzipped = new Map<string, Promise<Buffer>>();
  const gzipOf = (name: string, file: string): Promise<Buffer> => {
    let gz = gzipped.get(name);
    if (!gz) {
      gz = fs.promises.readFile(file).then((b) => gzip(b, { level: 9 }));
      gzipped.set(name, gz);
      gz.catch(() => gzipped.delete(name));
    }
    return gz;
  };
  app.get<{ Params: { file: string } }>('/player-libs/:file', async (req, reply) => {
    const lib = LIB_FILES[req.params.file];
    if (!lib) return reply.status(404).send();
    reply.type(lib.type).header('Cache-Control', 'public, max-age=86400').header('Vary', 'Accept-Encoding');
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('Content-Encoding', 'gzip').send(await gzipOf(req.params.file, lib.file));
    }
    return reply.send(fs.createReadStream(lib.file));
  });

  // the page of a library video reads the file: pages are answered by the channel's own server
  app.get('/api/player-port/iframe', accountFiles.loginQuery('login'), async (req, reply) => {
    const lang = viewerLanguage(req, reply);
    const texts = publicTextsOf(lang);
    const q = playerQuery.safeParse(req.query ?? {});
    if (!q.success) return htmlMessage(reply, 400, lang, texts.player.notFound);
    const account = await players.channel(q.data.login);
    // a suspended channel's page says so (a login that does not exist stays "not found"); 404 either way
    if (!account && (await players.suspended(q.data.login))) return htmlMessage(reply, 404, lang, texts.player.unavailable);
    const source = account && players.sourceOf(account.usuario, q.data);
    if (!account || !source) return htmlMessage(reply, 404, lang, texts.player.notFound);
    // a library video is signed for the page only when the channel has it
    if (source.kind === 'vod' && !(await players.vodFile(account, source))) return htmlMessage(reply, 404, lang, texts.player.notFound);
    const signed = source.kind === 'vod' ? players.signedVod(account.usuario, source.ref) : null;
    // the owner's preview in the panel: a grant of another channel, expired or forged is no grant, and the page is a viewer's
    const given = (req.query as { previa?: unknown }).previa;
    const preview = typeof given === 'string' && players.isOwnerPreview(account.usuario, given) ? given : null;
    // viewers pull a live channel through its server's edge when the operator gave it one (an
    // owner's preview stays on the server: the edge passes no grant); the page's heartbeats
    // still reach this server, and they are what counts a viewer behind an edge
    const edge = source.kind === 'live' && !preview ? await players.edgeOf(account) : null;
    const media = signed ? signed.url : players.mediaUrl(account.usuario, source, edge);
    const settings = await players.settingsOf(effectiveUserId(account));
    const wm = settings.watermark;
    const nonce = randomBytes(16).toString('base64');
    const player = q.data.player ?? settings.player_type;
    const html = playerPage({
      nonce,
      title: account.nome,
      player,
      kind: source.kind,
      // the preview's live playlist requests carry its grant instead of a session: they are not counted
      src: preview && source.kind === 'live' ? `${media}${media.includes('?') ? '&' : '?'}previa=${encodeURIComponent(preview)}` : media,
      // a vod page's heartbeats carry its address's signature: they count only for a video the page was given
      heartbeat: {
        login: account.usuario,
        ...(signed ? { vod: q.data.vod ?? '', exp: signed.exp, sig: signed.sig } : { stream: source.ref, ...(source.playlist ? { playlist: String(source.playlist) } : {}) }),
        ...(preview ? { previa: preview } : {}),
      },
      heartbeatMs: VIEWER_HEARTBEAT_MS,
      offlinePollMs: OFFLINE_POLL_MS,
      watermark: wm.enabled && wm.logo_url ? { url: wm.logo_url, position: wm.position, opacity: wm.opacity } : null,
      counter: q.data.contador === 'true',
      share: q.data.compartilhamento === 'true' ? shareUrl(`${req.protocol}://${req.host}`, req.url) : null,
      lang,
      texts: texts.player,
      clappr: texts.clappr,
    });
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').header('Content-Security-Policy', csp(nonce, player, [deps.hlsOrigin?.(req), edge && new URL(edge).origin].filter((o): o is string => !!o)))
      .header('Referrer-Policy', 'no-referrer').send(html);
  });

  app.post('/api/player-port/heartbeat', async (req, reply) => {
    if (limited(req, reply)) return reply;
    const body = parse(heartbeatBody, req.body ?? {});
    return players.heartbeat(body, req.ip, String(req.headers['user-agent'] ?? ''), proofOf(req.body), previewOf(req.body));
  });

  app.post('/api/player-port/leave', async (req, reply) => {
    if (limited(req, reply)) return reply;
    const session = (req.body as { session?: unknown } | null)?.session;
    if (typeof session === 'string' && session.length <= 64) await players.leave(session);
    return { success: true };
  });

  // a library video inside an embed: the address the iframe page signed, valid for a few hours
  app.get<{ Params: { login: string; folder: string; file: string }; Querystring: { exp?: string; sig?: string } }>(
    '/api/player-port/vod/:login/:folder/:file',
    accountFiles.loginParam('login'),
    async (req, reply) => {
      const { login, folder, file } = req.params;
      const account = await players.channel(login);
      if (!account || !players.verifyVod(login, `${folder}/${file}`, req.query.exp, req.query.sig)) return reply.status(404).send();
      const f = await players.vodFile(account, { kind: 'vod', ref: `${folder}/${file}` });
      if (!f) return reply.status(404).send();
      reply.header('Accept-Ranges', 'bytes').header('Content-Type', f.contentType).header('Cache-Control', 'private, max-age=3600');
      const range = parseRange(req.headers.range, f.size);
      if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${f.size}`).send();
      const { start, end } = range ?? { start: 0, end: f.size - 1 };
      if (range) reply.status(206).header('Content-Range', `bytes ${start}-${end}/${f.size}`);
      reply.header('Content-Length', f.size === 0 ? 0 : end - start + 1);
      return f.size === 0 ? reply.send() : reply.send(fs.createReadStream(f.path, { start, end }));
    },
  );
}
