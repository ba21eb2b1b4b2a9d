import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WEBAPP_BADGES, WEBAPP_BASE, pickLanguage, publicTextsOf, type PublicLanguage } from '@painel/contract';
import type { Config } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import { idParam } from '../../platform/http.ts';
import { ipKey } from '../../platform/ip-key.ts';
import { createRateLimiter, type RateLimiter } from '../../platform/rate-limit.ts';
import type { StreamingService } from '../streaming/streaming.service.ts';
import { accountFiles } from '../servers/routing.ts';
import type { ViewersService } from '../viewers/viewers.service.ts';
import { badgeSvg } from './icons.ts';
import type { PublishedApp, PublishedService, Variant } from './published.service.ts';

/**
 * Requests one address may make a minute to what counts or stores (banner views and clicks,
 * chat posts): a school or a company behind one NAT is one address, with many visitors.
 */
export const PUBLISHED_REQUESTS_PER_IP_PER_MINUTE = 600;
/** Push subscriptions one address may add or remove a minute: a visitor does it once. */
export const PUSH_REQUESTS_PER_IP_PER_MINUTE = 20;

/**
 * The published page's policy: its own scripts and styles only (no inline script), its own
 * images, the channel's player (a page of this panel) in a frame, its service worker and its
 * manifest. No frame-ancestors: the owner's panel previews it in a frame, and an owner may
 * show it on the channel's own site.
 */
export const WEBAPP_PAGE_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self'", "connect-src 'self'", "frame-src 'self'",
  "worker-src 'self'", "manifest-src 'self'", "font-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'none'",
].join('; ');

const ICON_FILE = /^(icon|maskable)-(\d{2,3})\.png$/;
const LONG_CACHE = 'public, max-age=31536000, immutable';

/** The page that stands for an app there is none of: not found, or (a suspended channel's) unavailable. */
const notFoundPage = (lang: PublicLanguage, which: 'notFound' | 'unavailable' = 'notFound') => {
  const text = publicTextsOf(lang).webapp[which];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${text}</title></head><body><p>${text}</p></body></html>`;
};

/** The visitor's language for a public page, from the request's Accept-Language (the answer then varies by it). */
const visitorLanguage = (req: FastifyRequest, reply: FastifyReply): PublicLanguage => {
  reply.header('Vary', 'Accept-Language');
  return pickLanguage(req.headers['accept-language']);
};

type LoginReq = FastifyRequest<{ Params: { login: string } }>;

/**
 * The published apps, public: the web app at WEBAPP_BASE/{login}/ and the page the Android app
 * opens at WEBAPP_BASE/{login}/tv/ (see packages/contract/src/webapp.ts).
 */
export interface PublishedDeps {
  config: Config;
  published: PublishedService;
  viewers: ViewersService;
  streaming: StreamingService;
}

export function publishedRoutes(app: FastifyInstance, deps: PublishedDeps): void {
  const { config, published } = deps;
  const limit = (limiter: RateLimiter) => ({
    preHandler: async (req: FastifyRequest) => {
      if (!limiter.hit(ipKey(req.ip))) throw new AppError('too_many_requests');
    },
  });
  const counted = limit(createRateLimiter({ windowMs: 60_000, max: PUBLISHED_REQUESTS_PER_IP_PER_MINUTE }));
  const pushLimited = limit(createRateLimiter({ windowMs: 60_000, max: PUSH_REQUESTS_PER_IP_PER_MINUTE }));

  const opened = async (req: LoginReq, variant: Variant): Promise<PublishedApp> => {
    const a = await published.open(req.params.login, variant);
    if (!a) throw new AppError('webapp_not_found');
    return a;
  };
  // the panel's headers went on by the app-wide hook; the page's own replace them (route hooks run after)
  const pageHeaders = {
    onSend: async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      reply.header('Content-Security-Policy', WEBAPP_PAGE_CSP);
      reply.removeHeader('X-Frame-Options');
      return payload;
    },
  };
  // the app's pages, pictures, icons and manifest are answered by the channel's own server (servers/routing.ts)
  const files = accountFiles.loginParam('login');
  const sendFile = async (reply: FastifyReply, file: { path: string; type: string } | null, cache: string) => {
    const st = file && (await fs.promises.stat(file.path).catch(() => null));
    if (!file || !st?.isFile()) throw new AppError('not_found');
    return reply.type(file.type).header('Cache-Control', cache).header('Content-Length', st.size).send(fs.createReadStream(file.path));
  };

  for (const variant of ['web', 'tv'] as const) {
    const at = `${WEBAPP_BASE}/:login/${variant === 'tv' ? 'tv/' : ''}`;

    // relative addresses inside the page need the folder's slash
    app.get<{ Params: { login: string } }>(at.slice(0, -1), (req, reply) =>
      reply.redirect(`${WEBAPP_BASE}/${encodeURIComponent(req.params.login)}/${variant === 'tv' ? 'tv/' : ''}`, 301));

    app.get<{ Params: { login: string } }>(at, { ...pageHeaders, ...files }, async (req, reply) => {
      const lang = visitorLanguage(req, reply);
      const a = await published.open(req.params.login, variant);
      const html = a && published.page(a, lang);
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      if (html) return reply.send(html);
      // a suspended channel's app says so (a login that does not exist stays "not found"); 404 either way
      return reply.status(404).send(notFoundPage(lang, !a && (await published.suspended(req.params.login)) ? 'unavailable' : 'notFound'));
    });

    app.get<{ Params: { login: string } }>(`${at}app.json`, async (req, reply) => {
      const a = await opened(req, variant);
      return reply.header('Cache-Control', 'no-cache').send(a.data);
    });

    app.get<{ Params: { login: string; name: string } }>(`${at}files/:name`, files, async (req, reply) => {
      const a = await opened(req, variant);
      return sendFile(reply, await published.file(a, req.params.name), LONG_CACHE);
    });

    app.get<{ Params: { login: string }; Querystring: { after?: string } }>(`${at}chat`, async (req, reply) => {
      const a = await opened(req, variant);
      if (!a.data.chat) throw new AppError('chat_disabled');
      const after = Number(req.query.after ?? 0);
      const messages = await published.chat.list(a.userId, Number.isSafeInteger(after) && after > 0 ? after : 0);
      return reply.header('Cache-Control', 'no-store').send({ success: true, messages });
    });

    app.post<{ Params: { login: string } }>(`${at}chat`, counted, async (req) => {
      const a = await opened(req, variant);
      if (!a.data.chat) throw new AppError('chat_disabled');
      return { success: true, message: await published.chat.post(a.userId, req.ip, req.body) };
    });
  }

  // what only the installable web app has: manifest, service worker, icons, install codes, banners, push
  const web = `${WEBAPP_BASE}/:login/`;
  app.get<{ Params: { login: string } }>(`${web}manifest.webmanifest`, files, async (req, reply) => {
    const a = await opened(req, 'web');
    const lang = visitorLanguage(req, reply);
    return reply.type('application/manifest+json; charset=utf-8').header('Cache-Control', 'no-cache').send(JSON.stringify(published.manifest(a, lang)));
  });

  app.get<{ Params: { login: string } }>(`${web}sw.js`, async (req, reply) => {
    await opened(req, 'web');
    const file = config.webDist ? { path: path.join(config.webDist, 'webapp-sw.js'), type: 'text/javascript; charset=utf-8' } : null;
    return sendFile(reply, file, 'no-cache');
  });

  app.get<{ Params: { login: string; file: string } }>(`${web}icons/:file`, files, async (req, reply) => {
    const m = ICON_FILE.exec(req.params.file);
    const a = await opened(req, 'web');
    const png = m && (await published.icon(a, m[1] === 'icon' ? 'any' : 'maskable', Number(m[2])));
    if (!png) throw new AppError('not_found');
    return reply.type('image/png').header('Cache-Control', 'public, max-age=3600').send(png);
  });

  app.get<{ Params: { login: string } }>(`${web}qr.svg`, async (req, reply) => {
    const a = await opened(req, 'web');
    return reply.type('image/svg+xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(await published.qr(a));
  });

  for (const platform of Object.keys(WEBAPP_BADGES) as (keyof typeof WEBAPP_BADGES)[]) {
    app.get<{ Params: { login: string } }>(`${web}badge-${platform}.svg`, async (req, reply) => {
      await opened(req, 'web');
      return reply.type('image/svg+xml; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(badgeSvg(platform));
    });
  }

  app.get<{ Params: { login: string } }>(`${web}banner`, counted, async (req, reply) => {
    const a = await opened(req, 'web');
    return reply.header('Cache-Control', 'no-store').send({ success: true, banner: await published.pickBanner(a) });
  });

  app.get<{ Params: { login: string; id: string } }>(`${web}banner/:id/click`, counted, async (req, reply) => {
    const a = await opened(req, 'web');
    const target = await published.clickBanner(a, idParam(req.params));
    if (!target) throw new AppError('not_found');
    return reply.header('Cache-Control', 'no-store').redirect(target, 302);
  });

  app.post<{ Params: { login: string } }>(`${web}push/subscribe`, pushLimited, async (req) => {
    await published.subscribe(await opened(req, 'web'), req.ip, req.body);
    return { success: true };
  });
  app.post<{ Params: { login: string } }>(`${web}push/unsubscribe`, pushLimited, async (req) => {
    await published.unsubscribe(await opened(req, 'web'), req.body);
    return { success: true };
  });
}
