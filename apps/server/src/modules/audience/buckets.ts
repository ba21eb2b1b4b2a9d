/*
 * Time buckets of the audience figures. Pure: numbers and strings in, numbers and strings out.
 */

export const HOUR_MS = 3_600_000;

/** The hour key a rollup row is stored under: 'YYYY-MM-DDTHH' (UTC), which sorts as time does. */
export const hourKey = (ms: number): string => new Date(ms).toISOString().slice(0, 13);

/** The instant an hour key begins. */
export const hourStart = (key: string): number => Date.parse(`${key}:00:00.000Z`);

/** A session does not spread over more buckets than this (a 24/7 player left open for a month). */
const MAX_SPREAD = 24 * 45;

/**
 * The seconds a viewing from `startMs` lasting `seconds` spent in each bucket of `bucketMs`
 * (aligned on the epoch, as UTC hours and 5-minute steps are): [bucket start, seconds]. A
 * viewing of 0 s still counts in the bucket it began in.
 */
export function spread(startMs: number, seconds: number, bucketMs: number): [number, number][] {
  const end = startMs + Math.max(0, seconds) * 1000;
  const out: [number, number][] = [];
  for (let b = startMs - (startMs % bucketMs); out.length < MAX_SPREAD && (b < end || out.length === 0); b += bucketMs) {
    out.push([b, Math.round((Math.min(end, b + bucketMs) - Math.max(startMs, b)) / 1000)]);
  }
  return out;
}

/** Adds `v` into `map[k]`, for sums made in a loop. */
export function addTo<K>(map: Map<K, { sessoes: number; segundos: number }>, k: K, sessoes: number, segundos: number): void {
  const cur = map.get(k);
  if (cur) { cur.sessoes += sessoes; cur.segundos += segundos; } else map.set(k, { sessoes, segundos });
}

/** A place's key in the rollups and the map: country, city and coordinates. */
export const placeKey = (p: { codigo_pais: string; cidade: string; latitude: number | null; longitude: number | null }): string =>
  `${p.codigo_pais}|${p.cidade}|${p.latitude ?? ''}|${p.longitude ?? ''}`;

export function parsePlace(key: string): { codigo_pais: string; cidade: string; latitude: number | null; longitude: number | null } {
  const [codigo_pais = '', cidade = '', lat = '', lon = ''] = key.split('|');
  return { codigo_pais, cidade, latitude: lat === '' ? null : Number(lat), longitude: lon === '' ? null : Number(lon) };
}
