import { isIP } from 'node:net';
import type { Config } from '../../platform/config.ts';
import { isLoopback } from '../../platform/ip-key.ts';

/**
 * Where a viewer fetches the HLS fragments. The API keeps serving the playlists (it decides
 * who may watch and counts viewers), but every fragment is a file nginx serves far faster on
 * its own HTTP port (HLS_PORT), so the playlist the API hands out lists its fragments there:
 *
 * - HLS_PUBLIC_URL when set (the operator's TLS front or CDN for that port);
 * - a client on loopback (the worker's own ffmpeg reading the channel, a local test) gets
 *   nginx at the node's local address (127.0.0.1, or the address BIND_ADDRESS binds): never a
 *   public or TLS address, which its protocol whitelist refuses;
 * - anyone else gets the host name they reached the API by, on HLS_PORT. The Host header is
 *   used for nothing more, and only when it is a plain host name or IP address;
 * - no fragment server (HLS_PORT=0), a page over HTTPS without HLS_PUBLIC_URL (nginx's port
 *   is plain HTTP, which the browser would block) or an unusable Host: null, and the playlist
 *   keeps relative addresses, served by the API's own route.
 */
export interface HlsOriginRequest {
  ip: string;
  protocol: string;
  host: string;
}

export interface HlsOrigin {
  /** The absolute `…/hls/` address the fragments are listed under, or null for relative ones. */
  fragmentBase(req: HlsOriginRequest): string | null;
  /** The origin of that address, for the Content-Security-Policy of pages that play it. */
  origin(req: HlsOriginRequest): string | null;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The host name of a Host header (port dropped), or null unless it is a plain DNS name, an IPv4 or a bracketed IPv6 address. */
export function plainHostName(host: string): string | null {
  const v6 = /^\[([0-9a-fA-F:.]+)\](?::\d{1,5})?$/.exec(host);
  if (v6) return isIP(v6[1]!) === 6 ? `[${v6[1]!.toLowerCase()}]` : null;
  const m = /^([^:]+?)\.?(?::\d{1,5})?$/.exec(host);
  const name = m?.[1]?.toLowerCase();
  if (!name || name.length > 253) return null;
  return name.split('.').every((l) => LABEL.test(l)) ? name : null;
}

function publicBase(url: string): { base: string; origin: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`HLS_PUBLIC_URL inválida: ${url}`);
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password || u.search || u.hash) {
    throw new Error(`HLS_PUBLIC_URL precisa ser http(s)://host[:porta][/caminho], sem mais nada: ${url}`);
  }
  return { base: `${u.origin}${u.pathname.replace(/\/+$/, '')}/hls/`, origin: u.origin };
}

export function createHlsOrigin(media: Pick<Config['media'], 'hlsPort' | 'hlsPublicUrl'> & Partial<Pick<Config['media'], 'hlsLocalHost'>>): HlsOrigin {
  const port = media.hlsPort;
  const configured = media.hlsPublicUrl ? publicBase(media.hlsPublicUrl) : null;
  const own = (host: string) => ({ origin: `http://${host}:${port}`, base: `http://${host}:${port}/hls/` });
  function pick(req: HlsOriginRequest): { base: string; origin: string } | null {
    if (!port) return null;
    if (req.protocol === 'http' && isLoopback(req.ip)) return own(media.hlsLocalHost ?? '127.0.0.1');
    if (configured) return configured;
    if (req.protocol !== 'http') return null;
    const name = plainHostName(req.host);
    return name ? own(name) : null;
  }
  return {
    fragmentBase: (req) => pick(req)?.base ?? null,
    origin: (req) => pick(req)?.origin ?? null,
  };
}
