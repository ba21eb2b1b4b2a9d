/**
 * Viewers of known places and devices, for the audience tests and benchmark: public addresses
 * whose location the shipped geoip-lite database knows, and user agents of real browsers and
 * players with the device and browser they must be counted as.
 */
export interface KnownAddress { ip: string; pais: string; cidade: string; latitude: number; longitude: number }

export const ADDRESSES: KnownAddress[] = [
  { ip: '177.71.128.10', pais: 'Brasil', cidade: 'São Paulo', latitude: -23.5747, longitude: -46.6409 },
  { ip: '187.45.0.1', pais: 'Brasil', cidade: 'Tatuí', latitude: -23.3544, longitude: -47.8562 },
  { ip: '200.147.67.142', pais: 'Brasil', cidade: '', latitude: -22.8305, longitude: -43.2192 },
  { ip: '2804:14c::1', pais: 'Brasil', cidade: '', latitude: -10, longitude: -55 },
  { ip: '195.23.1.1', pais: 'Portugal', cidade: 'Lisbon', latitude: 38.7174, longitude: -9.1321 },
  { ip: '81.2.69.142', pais: 'Reino Unido', cidade: 'Newmarket', latitude: 52.2264, longitude: 0.4841 },
  { ip: '2.125.160.216', pais: 'Reino Unido', cidade: 'Lisburn', latitude: 54.545, longitude: -6.2561 },
  { ip: '8.8.8.8', pais: 'Estados Unidos', cidade: '', latitude: 37.751, longitude: -97.822 },
  // the same place as 8.8.8.8 in the database: one dot on the map for both
  { ip: '2001:4860:4860::8888', pais: 'Estados Unidos', cidade: '', latitude: 37.751, longitude: -97.822 },
  { ip: '190.210.0.1', pais: 'Argentina', cidade: 'Tigre', latitude: -34.4196, longitude: -58.5939 },
  { ip: '5.1.2.3', pais: 'Ucrânia', cidade: 'Kyiv', latitude: 50.4547, longitude: 30.5238 },
  { ip: '41.0.0.1', pais: 'África do Sul', cidade: '', latitude: -29, longitude: 24 },
];

export interface KnownAgent { ua: string; dispositivo: string; navegador: string }

/** Browsers: what plays the panel's player page. */
export const BROWSERS: KnownAgent[] = [
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', dispositivo: 'Desktop', navegador: 'Chrome' },
  { ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', dispositivo: 'Celular', navegador: 'Safari' },
  { ua: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36', dispositivo: 'Celular', navegador: 'Chrome' },
  { ua: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', dispositivo: 'Tablet', navegador: 'Safari' },
  { ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', dispositivo: 'Desktop', navegador: 'Safari' },
  { ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', dispositivo: 'Desktop', navegador: 'Firefox' },
  { ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80', dispositivo: 'Desktop', navegador: 'Edge' },
  { ua: 'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36 WebAppManager', dispositivo: 'Smart TV', navegador: 'Chrome' },
];

/** Players outside a browser, which pull the HLS playlist themselves. */
export const PLAYERS: KnownAgent[] = [
  { ua: 'VLC/3.0.18 LibVLC/3.0.18', dispositivo: 'Outro', navegador: 'VLC' },
  { ua: 'Lavf/60.16.100', dispositivo: 'Outro', navegador: 'FFmpeg' },
];

/** Counts of a list of labels, as the statistics' maps hold them. */
export function tally(labels: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of labels) out[l] = (out[l] ?? 0) + 1;
  return out;
}
