import type { FastifyRequest } from 'fastify';

const HIDDEN = '[oculto]';
/** Query parameters that carry credentials: read grants, signatures, stream keys, the owner's preview grant. */
const SECRET_PARAMS = new Set(['auth_token', 'token', 'sig', 'key', 'password', 'senha', 'previa']);

/**
 * A request address as it may be written to a log: nginx's callback path carries the hook
 * secret and several addresses carry grants or keys in their query string.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = (q < 0 ? url : url.slice(0, q)).replace(/^(\/api\/rtmp\/hook\/)[^/]+/, `$1${HIDDEN}`);
  if (q < 0) return pathPart;
  const params = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
    return SECRET_PARAMS.has(name) && eq >= 0 ? `${pair.slice(0, eq)}=${HIDDEN}` : pair;
  });
  return `${pathPart}?${params.join('&')}`;
}

/** What the request log says of a request (LOG_REQUESTS=1): never a header, a body or a secret. */
export const requestLogSerializer = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  remoteAddress: req.ip,
});
