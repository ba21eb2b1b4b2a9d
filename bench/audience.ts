/**
 * bench/audience: the Espectadores page's queries over a month of a large channel's audience,
 * and how many player heartbeats the API takes a second — on SQLite and on PostgreSQL.
 *
 *   node bench/audience.ts [--sessions 1000000] [--seconds 10] [--db sqlite,postgres]
 *
 * For each database: the real API (startHarness; PostgreSQL in a throw-away cluster started
 * here with default, durable settings, or TEST_PG_ADMIN_URL's), one account, and --sessions
 * viewer sessions written straight into its table: spread evenly over the last 30 days, 60 %
 * from 40 Brazilian cities and the rest from 80 places abroad, 6 devices, 10 browsers, 10 s to
 * 1 h watched, the last 1000 still open (watching now). The worker's pass then sums the ended
 * ones into the hourly rollups, as it does while they end (timed: sessions summed a second).
 *
 * Queries: GET /api/espectadores (statistics and the list of 500), /mapa and /historico for
 * periodo=30d (and 24h, 1h for comparison), through the API (app.inject), each the median of
 * 7 runs after one warm-up. The reference, measured in the same run on the same rows: the
 * straightforward way with no rollups — the same groupings (device, browser, place, hour)
 * computed over the raw sessions of the 30 days. Target: every 30-day query under 200 ms.
 *
 * Ingestion: the API listening on loopback with TRUST_PROXY=1, the channel live; a load
 * generator in a worker thread (the other core) opens 4000 player sessions from 1000
 * addresses (X-Forwarded-For) — a share per address the per-address limits allow — then sends
 * their heartbeats, 64 in flight, for --seconds. Target: ≥ 2000 heartbeats a second.
 */
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../apps/server/src/testing/harness.ts';
import { goLive } from '../apps/server/src/testing/on-air.ts';
import { createAudienceRollups } from '../apps/server/src/modules/audience/rollups.ts';
import { bearerHeader } from '../apps/server/src/testing/harness.ts';
import { throwawayPostgres } from './pg.ts';
import { seedSessions } from './audience-seed.ts';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: process.env.AUDIENCE_BENCH_SESSIONS ?? '1000000' },
    seconds: { type: 'string', default: process.env.AUDIENCE_BENCH_SECONDS ?? '10' },
    db: { type: 'string', default: process.env.AUDIENCE_BENCH_DB ?? 'sqlite,postgres' },
  },
});
const SESSIONS = Math.max(10_000, Number(values.sessions) || 1_000_000);
const SECONDS = Math.max(2, Number(values.seconds) || 10);
const TARGET_MS = 200;
const TARGET_RATE = 2000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

async function timed(fn: () => Promise<unknown>, runs = 7): Promise<number> {
  await fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    xs.push(ms(t0));
  }
  return median(xs);
}

/** The same figures with no rollups: every grouping over the raw sessions of the 30 days. */
function reference(h: Harness, userId: number, since: string) {
  const db = h.core.store.db;
  const raw = () => db.selectFrom('viewer_sessions').where('user_id', '=', userId).where('started_at', '>=', since);
  const hour = sql<string>`substr(started_at, 1, 13)`;
  return {
    stats: () => Promise.all(['dispositivo', 'navegador'].map((c) => raw().select((eb) => [sql.ref(c).as('k'), eb.fn.countAll().as('n'), eb.fn.sum('segundos').as('s')]).groupBy(sql.ref(c)).execute())),
    map: () => raw().select((eb) => ['codigo_pais', 'cidade', 'latitude', 'longitude', eb.fn.countAll().as('n')]).groupBy(['codigo_pais', 'cidade', 'latitude', 'longitude']).execute(),
    history: () => raw().select((eb) => [hour.as('h'), eb.fn.countAll().as('n'), eb.fn.sum('segundos').as('s')]).groupBy(hour).execute(),
  };
}

function load(url: string, login: string, seconds: number): Promise<{ opened: number; openSeconds: number; beats: number; failed: number; beatSeconds: number }> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./audience-load.ts', import.meta.url), { workerData: { url, login, seconds, sessions: 4000, addresses: 1000, inFlight: 64 } });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

async function bench(db: 'sqlite' | 'postgres') {
  const pg = db === 'postgres' && !process.env.TEST_PG_ADMIN_URL ? await throwawayPostgres() : null;
  const saved = process.env.TEST_PG_ADMIN_URL;
  if (db === 'sqlite') delete process.env.TEST_PG_ADMIN_URL;
  else if (pg) process.env.TEST_PG_ADMIN_URL = pg.adminUrl;
  process.env.TRUST_PROXY = '1';
  const h = await startHarness();
  try {
    const acc = await h.createAccount({ espectadores: 100_000 });
    const token = await h.login(acc.email, acc.password);
    let t0 = process.hrtime.bigint();
    await seedSessions(h, acc.id, acc.usuario, SESSIONS);
    const seedS = ms(t0) / 1000;
    t0 = process.hrtime.bigint();
    const rollups = createAudienceRollups({ db: h.core.store.db, dialect: h.core.store.dialect });
    let rolled = 0;
    for (let n = -1; n !== 0;) { n = await rollups.rollUp(50); rolled += n; }
    const rollS = ms(t0) / 1000;
    if (db === 'postgres') await sql`VACUUM ANALYZE`.execute(h.core.store.db);
    else await sql`ANALYZE`.execute(h.core.store.db);

    const get = (url: string) => async () => {
      const r = await h.app.inject({ url, headers: bearerHeader(token) });
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
    };
    const ref = reference(h, acc.id, new Date(Date.now() - 30 * 86_400_000).toISOString());
    const rows: [string, number, number | null][] = [];
    for (const [name, url, r] of [
      ['estatísticas + lista', '/api/espectadores?periodo=30d', ref.stats],
      ['mapa', '/api/espectadores/mapa?periodo=30d', ref.map],
      ['histórico', '/api/espectadores/historico?periodo=30d', ref.history],
    ] as const) rows.push([`${name} 30d`, await timed(get(url)), await timed(r, 3)]);
    for (const p of ['24h', '1h']) rows.push([`estatísticas + lista ${p}`, await timed(get(`/api/espectadores?periodo=${p}`)), null]);

    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = h.app.server.address();
    await goLive(h, acc.usuario, token, '1');
    const l = await load(`http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, acc.usuario, SECONDS);
    return { db, seedS, rolled, rollS, rows, load: l };
  } finally {
    await h.close();
    pg?.stop();
    if (saved === undefined) delete process.env.TEST_PG_ADMIN_URL; else process.env.TEST_PG_ADMIN_URL = saved;
  }
}

const results = [];
for (const db of values.db!.split(',') as ('sqlite' | 'postgres')[]) {
  console.log(`\n== ${db}: ${SESSIONS.toLocaleString('pt-BR')} sessões ==`);
  const r = await bench(db);
  results.push(r);
  console.log(`semeadas em ${r.seedS.toFixed(1)} s; ${r.rolled} somadas em ${r.rollS.toFixed(1)} s (${Math.round(r.rolled / r.rollS)} sessões/s)`);
  for (const [name, panel, refMs] of r.rows) {
    console.log(`${name.padEnd(28)} ${panel.toFixed(1).padStart(8)} ms${refMs === null ? '' : `   sem rollups ${refMs.toFixed(1).padStart(8)} ms   razão ${(panel / refMs).toFixed(3)}`}${name.includes('30d') ? (panel < TARGET_MS ? '   ✓ < 200 ms' : '   ✗ ≥ 200 ms') : ''}`);
  }
  const rate = r.load.beats / r.load.beatSeconds;
  console.log(`abertura: ${r.load.opened} sessões em ${r.load.openSeconds.toFixed(2)} s (${Math.round(r.load.opened / r.load.openSeconds)}/s)`);
  console.log(`heartbeats: ${Math.round(rate)}/s (${r.load.beats} em ${r.load.beatSeconds.toFixed(1)} s, ${r.load.failed} falhas)   razão à meta ${(rate / TARGET_RATE).toFixed(2)}${rate >= TARGET_RATE ? '   ✓ ≥ 2000/s' : '   ✗ < 2000/s'}`);
}
const ok = results.every((r) => r.rows.every(([n, p]) => !n.includes('30d') || p < TARGET_MS) && r.load.beats / r.load.beatSeconds >= TARGET_RATE && r.load.failed === 0);
console.log(ok ? '\nmetas atingidas' : '\nmeta NÃO atingida');
process.exitCode = ok ? 0 : 1;
