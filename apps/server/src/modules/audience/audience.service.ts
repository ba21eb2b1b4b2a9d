import {
  AUDIENCE, AUDIENCE_CSV_COLUMNS, AUDIENCE_PERIOD_MS, VIEWER_TIMEOUT_MS, audienceCsvName, formatWatchTime, viewerStatus,
  type AudienceHistoryPoint, type AudienceInterval, type AudienceMapPoint, type AudiencePeriod, type AudienceRealTime,
  type AudienceResponse, type Viewer, type ViewerStats,
} from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import type { Db, Dialect, Tx } from '../../platform/db.ts';
import type { ViewersService } from '../viewers/viewers.service.ts';
import { countryName } from '../viewers/client-info.ts';
import { HOUR_MS, addTo, hourKey, hourStart, parsePlace, placeKey, spread } from './buckets.ts';
import { csvCell } from './csv.ts';
import { createAudienceRepo, type AudienceRepo, type Scope, type SessionRow } from './audience.repo.ts';

type Sums = Map<string, { sessoes: number; segundos: number }>;
const FIVE_MIN = 5 * 60_000;

/** Keeps the largest `max` entries of a map, as an object in descending order. */
function top(sums: Sums, max: number, label: (k: string) => string = (k) => k): Record<string, number> {
  const named: Sums = new Map();
  for (const [k, v] of sums) addTo(named, label(k), v.sessoes, v.segundos);
  return Object.fromEntries([...named].sort((a, b) => b[1].sessoes - a[1].sessoes || a[0].localeCompare(b[0])).slice(0, max).map(([k, v]) => [k, v.sessoes]));
}

/**
 * The audience figures of a channel. A period of 1 hour reads the sessions themselves; longer
 * periods read the hourly sums of ended sessions (viewer_rollups) plus the sessions not summed
 * yet, in one snapshot (a repeatable-read transaction on PostgreSQL, a read transaction on
 * SQLite) so a session the worker sums meanwhile counts once. Aggregation happens in SQL; the
 * service only adds the two parts and names countries.
 */
export function createAudienceService(deps: {
  db: Db; dialect: Dialect; viewers: ViewersService; repo?: AudienceRepo;
  /** The channel is on air (OBS, playlist or relay). */
  onAir: (userId: number) => Promise<boolean>;
  timezoneOf: (userId: number) => Promise<string>;
  now?: () => number;
}) {
  const { db } = deps;
  const repo = deps.repo ?? createAudienceRepo();
  const now = deps.now ?? Date.now;
  const iso = (ms: number) => new Date(ms).toISOString();

  function window(userId: number, periodo: AudiencePeriod) {
    const t = now();
    const since = t - AUDIENCE_PERIOD_MS[periodo];
    if (periodo === '1h') return { t, recent: true, fromHour: hourKey(since), scope: { kind: 'recent', userId, since: iso(since) } as Scope };
    // longer periods count whole hours: the rollups are hourly
    const fromHour = hourKey(since);
    return { t, recent: false, fromHour, scope: { kind: 'unrolled', userId, since: iso(hourStart(fromHour)) } as Scope };
  }

  // this process's signs of life not written yet go first, so the figures include them
  const snapshot = async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    await deps.viewers.flush();
    return deps.dialect === 'postgres' ? db.transaction().setIsolationLevel('repeatable read').execute(fn) : db.transaction().execute(fn);
  };

  async function sumsOf(tx: Tx, w: ReturnType<typeof window>, userId: number, dim: 'd' | 'b') {
    const sums: Sums = new Map();
    for (const r of await repo.byColumn(tx, w.scope, dim === 'd' ? 'dispositivo' : 'navegador')) addTo(sums, r.k, r.n, r.s);
    if (!w.recent) for (const r of await repo.rollups(tx, userId, dim, w.fromHour)) addTo(sums, r.k, r.n, r.s);
    return sums;
  }

  /** Places with sessions and active sessions: the open part's, then the summed part's. */
  async function placesOf(tx: Tx, w: ReturnType<typeof window>, userId: number) {
    const places = new Map<string, { sessoes: number; segundos: number; ativos: number }>();
    for (const p of await repo.byPlace(tx, w.scope, iso(w.t - VIEWER_TIMEOUT_MS))) {
      places.set(placeKey(p), { sessoes: p.n, segundos: p.s, ativos: p.a });
    }
    if (!w.recent) {
      for (const r of await repo.rollups(tx, userId, 'c', w.fromHour)) {
        const cur = places.get(r.k);
        if (cur) { cur.sessoes += r.n; cur.segundos += r.s; } else places.set(r.k, { sessoes: r.n, segundos: r.s, ativos: 0 });
      }
    }
    return places;
  }

  function viewer(r: SessionRow, activeSince: string): Viewer {
    return {
      id: r.id, ip_hash: r.ip_hash, pais: countryName(r.codigo_pais), codigo_pais: r.codigo_pais, cidade: r.cidade,
      dispositivo: r.dispositivo, navegador: r.navegador, tempo_visualizacao: Number(r.segundos),
      ativo: r.ended_at === null && r.last_seen_at >= activeSince, tipo: r.tipo, origem: r.origem,
      created_at: r.started_at, ultima_atividade: r.last_seen_at,
    };
  }
  const listScope = (w: ReturnType<typeof window>): Scope => (w.recent ? w.scope : { ...w.scope, kind: 'listed' });

  return {
    async list(auth: Auth, periodo: AudiencePeriod): Promise<AudienceResponse> {
      const w = window(auth.userId, periodo);
      const activeSince = iso(w.t - VIEWER_TIMEOUT_MS);
      return snapshot(async (tx) => {
        const [devices, browsers, places, totals, rows] = [
          await sumsOf(tx, w, auth.userId, 'd'), await sumsOf(tx, w, auth.userId, 'b'), await placesOf(tx, w, auth.userId),
          await repo.totals(tx, w.scope, activeSince), await repo.page(tx, listScope(w), AUDIENCE.listMax),
        ];
        // every session has one device: their sum is the period's sessions and seconds
        let total = 0, segundos = 0;
        for (const v of devices.values()) { total += v.sessoes; segundos += v.segundos; }
        const countries: Sums = new Map(), cities: Sums = new Map();
        for (const [k, v] of places) {
          const p = parsePlace(k);
          addTo(countries, countryName(p.codigo_pais), v.sessoes, v.segundos);
          if (p.cidade) addTo(cities, `${p.cidade}, ${countryName(p.codigo_pais)}`, v.sessoes, v.segundos);
        }
        const estatisticas: ViewerStats = {
          total, ativos: totals.a,
          paises: top(countries, AUDIENCE.statsMax), cidades: top(cities, AUDIENCE.statsMax),
          dispositivos: top(devices, AUDIENCE.statsMax), navegadores: top(browsers, AUDIENCE.statsMax),
          tempoMedio: total ? Math.round(segundos / total) : 0,
        };
        return { success: true, periodo, espectadores: rows.map((r) => viewer(r, activeSince)), estatisticas };
      });
    },

    async map(auth: Auth, periodo: AudiencePeriod): Promise<{ success: true; pontos: AudienceMapPoint[] }> {
      const w = window(auth.userId, periodo);
      const places = await snapshot((tx) => placesOf(tx, w, auth.userId));
      const pontos = [...places]
        .map(([k, v]) => ({ p: parsePlace(k), v }))
        .filter(({ p }) => p.latitude !== null && p.longitude !== null)
        .sort((a, b) => b.v.sessoes - a.v.sessoes)
        .slice(0, AUDIENCE.mapMax)
        .map(({ p, v }) => ({ cidade: p.cidade, pais: countryName(p.codigo_pais), latitude: p.latitude!, longitude: p.longitude!, count: v.sessoes, ativos: v.ativos }));
      return { success: true, pontos };
    },

    async history(auth: Auth, periodo: AudiencePeriod, intervalo: AudienceInterval | undefined) {
      const w = window(auth.userId, periodo);
      const step = (intervalo ?? (periodo === '1h' ? '5m' : '1h')) === '5m' ? FIVE_MIN : HOUR_MS;
      const sums: Map<number, { sessoes: number; segundos: number }> = new Map();
      await snapshot(async (tx) => {
        if (!w.recent) for (const r of await repo.hours(tx, auth.userId, w.fromHour)) addTo(sums, hourStart(r.k), r.n, r.s);
        // the open part: each viewing spread over the buckets it reached
        for (const v of await repo.viewings(tx, w.scope)) {
          for (const [b, secs] of spread(Date.parse(v.started_at), Number(v.segundos), step)) addTo(sums, b, 1, secs);
        }
      });
      const first = w.recent ? w.t - AUDIENCE_PERIOD_MS['1h'] : hourStart(w.fromHour);
      const historico: AudienceHistoryPoint[] = [];
      for (let b = first - (first % step); b <= w.t; b += step) {
        const v = sums.get(b);
        historico.push({ timestamp: iso(b), espectadores: v?.sessoes ?? 0, tempoMedio: v?.sessoes ? Math.round(v.segundos / v.sessoes) : 0 });
      }
      return { success: true as const, periodo, intervalo: (step === FIVE_MIN ? '5m' : '1h') as AudienceInterval, historico };
    },

    async realTime(auth: Auth): Promise<AudienceRealTime> {
      const [espectadoresAtivos, espectadoresVod, transmissaoAtiva] = await Promise.all([
        deps.viewers.active(auth.userId), deps.viewers.activeVod(auth.userId), deps.onAir(auth.userId),
      ]);
      return { success: true, espectadoresAtivos, espectadoresVod, transmissaoAtiva, limite: auth.account.espectadores, timestamp: iso(now()) };
    },

    /** The period's sessions as CSV lines (UTF-8 with BOM, ';' as spreadsheets in Brazil expect, cells by csvCell), page by page. */
    async *csv(auth: Auth, periodo: AudiencePeriod): AsyncGenerator<string> {
      const w = window(auth.userId, periodo);
      const activeSince = iso(w.t - VIEWER_TIMEOUT_MS);
      await deps.viewers.flush();
      const tz = await deps.timezoneOf(auth.userId);
      const when = new Intl.DateTimeFormat('pt-BR', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' });
      yield `\uFEFF${AUDIENCE_CSV_COLUMNS.join(';')}\r\n`;
      let after: { last_seen_at: string; id: number } | undefined;
      for (;;) {
        const rows = await repo.page(db, listScope(w), 2000, after);
        if (rows.length === 0) return;
        yield rows.map((r) => {
          const v = viewer(r, activeSince);
          return [v.ip_hash, v.pais, v.cidade, v.dispositivo, v.navegador, formatWatchTime(v.tempo_visualizacao), viewerStatus(v.ativo),
            when.format(new Date(v.created_at))].map(csvCell).join(';');
        }).join('\r\n') + '\r\n';
        const last = rows[rows.length - 1]!;
        after = { last_seen_at: last.last_seen_at, id: last.id };
      }
    },
    csvName: (periodo: AudiencePeriod) => audienceCsvName(periodo, new Date(now())),
  };
}
export type AudienceService = ReturnType<typeof createAudienceService>;
