import { sql } from 'kysely';
import type { Harness } from '../apps/server/src/testing/harness.ts';

const ABROAD = ['US', 'PT', 'AR', 'GB', 'DE', 'FR', 'ES', 'IT', 'JP', 'MX', 'CL', 'CO', 'PY', 'UY', 'CA', 'AU'];
const DEVICES = ['Desktop', 'Celular', 'Celular', 'Tablet', 'Smart TV', 'Outro'];
const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Browser', 'Opera', 'VLC', 'FFmpeg', 'ExoPlayer', 'Desconhecido'];
/** Sessions still open at the end: viewers watching now. */
export const OPEN_SESSIONS = 1000;

/**
 * Writes `n` viewer sessions of one channel straight into the database, generated in SQL (a
 * recursive series on SQLite, generate_series on PostgreSQL): spread evenly over the last 30
 * days, from 200 weighted places (60 % in 40 Brazilian cities), with devices, browsers and 10 s
 * to 1 h watched; the last OPEN_SESSIONS began within the hour and are still open.
 */
export async function seedSessions(h: Harness, userId: number, login: string, n: number): Promise<void> {
  const db = h.core.store.db;
  const pg = h.core.store.dialect === 'postgres';
  await sql`CREATE TABLE bench_places (k integer PRIMARY KEY, codigo_pais text, cidade text, latitude double precision, longitude double precision)`.execute(db);
  const places = [];
  for (let k = 0; k < 200; k++) {
    if (k < 120) {
      const c = Math.floor(k / 3);
      places.push({ k, codigo_pais: 'BR', cidade: `Cidade ${c}`, latitude: -30 + (c * 0.67), longitude: -60 + ((c * 7) % 25) });
    } else {
      const j = k - 120;
      places.push({ k, codigo_pais: ABROAD[j % ABROAD.length]!, cidade: j % 5 === 0 ? '' : `Cidade ${j}`, latitude: -50 + ((j * 13) % 110), longitude: -170 + ((j * 37) % 340) });
    }
  }
  for (const p of places) {
    await sql`INSERT INTO bench_places VALUES (${p.k}, ${p.codigo_pais}, ${p.cidade}, ${p.latitude}, ${p.longitude})`.execute(db);
  }
  const now = Date.now() / 1000;
  const base = now - 30 * 86_400;
  const step = (30 * 86_400 - 3600) / n;
  const closed = n - OPEN_SESSIONS;
  const iso = (x: string) => (pg ? `to_char(to_timestamp(${x}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `strftime('%Y-%m-%dT%H:%M:%fZ', ${x}, 'unixepoch')`);
  const least = pg ? 'LEAST' : 'MIN';
  const pick = (list: string[], expr: string) => `CASE ${expr} ${list.map((v, i) => `WHEN ${i} THEN '${v}'`).join(' ')} END`;
  // started, last seen: closed sessions through the month; open ones within the last hour, seen in the last 20 s
  const start = `(CASE WHEN g.i < ${closed} THEN ${base} + g.i * ${step} ELSE ${now - 3600} + (g.i - ${closed}) * ${3000 / OPEN_SESSIONS} END)`;
  const secs = `(10 + (g.i * 7907) % 3590)`;
  const seen = `(CASE WHEN g.i < ${closed} THEN ${least}(${start} + ${secs}, ${now - 60}) ELSE ${now} - (g.i % 20) END)`;
  const select = `
    SELECT ${userId}, 'b' || CAST(g.i AS TEXT), '${login}_live', 'h' || CAST((g.i * 7) % 200000 AS TEXT), '',
      ${iso(start)}, ${iso(seen)}, CASE WHEN g.i < ${closed} THEN ${iso(seen)} END,
      CASE WHEN g.i % 10 = 0 THEN 'vod' ELSE 'live' END, CASE WHEN g.i % 3 = 0 THEN 'hls' ELSE 'player' END,
      p.codigo_pais, p.cidade, p.latitude, p.longitude,
      ${pick(DEVICES, '(g.i * 31) % 6')}, ${pick(BROWSERS, '(g.i * 17) % 10')},
      CAST(${seen} - ${start} AS INTEGER), 0
    FROM ${pg ? `generate_series(0::bigint, ${n - 1}) AS g(i)` : 'g'} JOIN bench_places p ON p.k = (g.i * 7919) % 200`;
  const columns = `(user_id, session_key, source, ip_hash, user_agent, started_at, last_seen_at, ended_at, tipo, origem,
    codigo_pais, cidade, latitude, longitude, dispositivo, navegador, segundos, rolled)`;
  await sql.raw(pg
    ? `INSERT INTO viewer_sessions ${columns} ${select}`
    : `WITH RECURSIVE g(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM g WHERE i < ${n - 1}) INSERT INTO viewer_sessions ${columns} ${select}`).execute(db);
  await sql`DROP TABLE bench_places`.execute(db);
}
