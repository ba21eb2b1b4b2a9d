import { createRequire } from 'node:module';
import { UAParser } from 'ua-parser-js';

/** Where a viewer is and what they watch on, as a session records it (never the address itself). */
export interface ClientInfo {
  codigo_pais: string;
  cidade: string;
  latitude: number | null;
  longitude: number | null;
  dispositivo: string;
  navegador: string;
}

interface GeoLookup { country: string; city: string; ll: [number, number] | null }
interface GeoIp { lookup(ip: string): GeoLookup | null }

// geoip-lite reads its ~110 MB database into memory when loaded: only a process that opens
// viewer sessions (the API) pays for it, on its first viewer
let geo: GeoIp | undefined;
const geoip = (): GeoIp => (geo ??= createRequire(import.meta.url)('geoip-lite') as GeoIp);

const DEVICES: Record<string, string> = { mobile: 'Celular', tablet: 'Tablet', smarttv: 'Smart TV', console: 'Console' };
const DESKTOP_OS = /^(Windows|macOS|Mac OS|Linux|Ubuntu|Debian|Fedora|Chrome OS|Chromium OS|FreeBSD|OpenBSD)$/;
// players outside a browser name themselves first: 'VLC/3.0.18 LibVLC/…', 'Lavf/60.16.100'
const PLAYERS: Record<string, string> = { lavf: 'FFmpeg', applecoremedia: 'Player da Apple', exoplayerlib: 'ExoPlayer', libmpv: 'mpv', gstreamer: 'GStreamer' };

const uaCache = new Map<string, Pick<ClientInfo, 'dispositivo' | 'navegador'>>();

/** The device ('Desktop', 'Celular', 'Tablet', 'Smart TV', 'Console', 'Outro') and browser or player a user agent names. */
export function describeAgent(ua: string): Pick<ClientInfo, 'dispositivo' | 'navegador'> {
  const hit = uaCache.get(ua);
  if (hit) return hit;
  const r = UAParser(ua);
  const product = /^([A-Za-z][\w.-]*)\//.exec(ua)?.[1];
  const player = product && product !== 'Mozilla' ? (PLAYERS[product.toLowerCase()] ?? product) : undefined;
  const dispositivo = DEVICES[r.device.type ?? ''] ?? (r.device.type === undefined && DESKTOP_OS.test(r.os.name ?? '') ? 'Desktop' : 'Outro');
  const navegador = (r.browser.name?.replace(/^Mobile /, '') ?? player ?? 'Desconhecido').slice(0, 40);
  const out = { dispositivo, navegador };
  // user agents repeat: parsing costs ~0.1 ms, a look-up nothing
  if (uaCache.size >= 2000) uaCache.clear();
  uaCache.set(ua, out);
  return out;
}

/** An IPv4 written as IPv6 ('::ffff:1.2.3.4') is looked up as the IPv4 it is. */
const plain = (ip: string) => (ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip);

/** Country, city and coordinates of an address; unknown (private, reserved) addresses have none. */
export function locate(ip: string): Pick<ClientInfo, 'codigo_pais' | 'cidade' | 'latitude' | 'longitude'> {
  const g = geoip().lookup(plain(ip));
  const ll = g?.ll && !(g.ll[0] === 0 && g.ll[1] === 0) ? g.ll : null;
  return { codigo_pais: g?.country ?? '', cidade: g?.city ?? '', latitude: ll?.[0] ?? null, longitude: ll?.[1] ?? null };
}

export const describeClient = (ip: string, ua: string): ClientInfo => ({ ...locate(ip), ...describeAgent(ua) });

const names = new Intl.DisplayNames(['pt-BR'], { type: 'region', fallback: 'code' });

/** A country's name in Portuguese ('BR' → 'Brasil'); 'Desconhecido' for none. */
export function countryName(code: string): string {
  if (!code) return 'Desconhecido';
  try { return names.of(code) ?? code; } catch { return code; }
}
