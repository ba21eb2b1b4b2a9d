import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What customers embed on their own sites: the player pages (with their own policy, set by
 * their route) and the players' libraries. These must stay framable from any origin.
 */
export const EMBEDDABLE_PREFIXES = ['/api/player-port/', '/player-libs/'] as const;

/** By the route that answered, not the address asked for: an unmatched address is never embeddable. */
const embeddable = (route: string | undefined): boolean => !!route && EMBEDDABLE_PREFIXES.some((p) => route.startsWith(p));

/** The sha256 sources of the inline scripts of a page (Vite's build has none today; a future one keeps working). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc\s*=/i.test(m[1] ?? '') && (m[2] ?? '').length > 0)
    .map((m) => `'sha256-${createHash('sha256').update(m[2] ?? '').digest('base64')}'`);
}

/**
 * The panel's policy. The session token lives in localStorage, so no script but the panel's own
 * files may run: no inline script, no eval. The panel itself needs: the player page of its own
 * origin in an iframe, hls.js (MSE media and its transmuxer in a blob: worker) with the live
 * fragments from the media node's HLS port (`hlsOrigin`, per viewer), logos and images, and
 * inline styles (react-toastify injects a <style>, animations set style attributes).
 */
export function panelCsp(scriptHashes: readonly string[] = [], hlsOrigin: string | null = null): string {
  const hls = hlsOrigin ? ` ${hlsOrigin}` : '';
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `media-src 'self' blob:${hls}`,
    `connect-src 'self'${hls}`,
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // no other site may frame the panel (clickjacking); X-Frame-Options says the same to older browsers
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers on every answer. The panel's policy and frame refusal go on everything
 * but the embeddable paths, whose routes set their own policy; a Referrer-Policy a route
 * set (the player page's no-referrer) is kept.
 */
export function installSecurityHeaders(app: FastifyInstance, opts: {
  scriptHashes?: readonly string[];
  /** Where this viewer's live fragments come from (hls-origin.ts), which the panel's own player fetches. */
  hlsOrigin?: (req: FastifyRequest) => string | null;
} = {}): void {
  const plain = panelCsp(opts.scriptHashes);
  let last = { origin: '', csp: plain };
  const csp = (req: FastifyRequest): string => {
    const origin = opts.hlsOrigin?.(req);
    if (!origin) return plain;
    if (last.origin !== origin) last = { origin, csp: panelCsp(opts.scriptHashes, origin) };
    return last.csp;
  };
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'same-origin');
    if (embeddable(req.routeOptions.url)) return;
    reply.header('Content-Security-Policy', csp(req));
    reply.header('X-Frame-Options', 'DENY');
  });
}
