import { LIVE_APPLICATION } from '@painel/contract';
import { dropPublisherPath } from '@painel/media/nginx-config';
import { parseRtmpStat, type RtmpStat } from '@painel/media/rtmp-stat';
import type { Db } from '../../platform/db.ts';
import type { MediaRepo, MediaServiceRow } from './media.repo.ts';

export const NGINX_SERVICE = 'nginx';
const TIMEOUT_MS = 1500;
const STAT_CACHE_MS = 1000;
/** The worker writes its heartbeat every 2 s; this long without one means it is gone. */
const REPORT_STALE_MS = 15_000;

/**
 * The API's view of the media node: nginx-rtmp's stat and control endpoints on loopback.
 * The port comes from the configuration, or from the row the worker wrote when it picked one.
 */
export function createMediaServer(deps: { db: Db; repo: MediaRepo; nodeId: number; controlPort: number | undefined }) {
  const { db, repo, nodeId } = deps;
  let cachedUrl: { url: string | null; at: number } = { url: null, at: 0 };
  let cachedStat: { at: number; p: Promise<RtmpStat> } | null = null;

  async function controlUrl(): Promise<string | null> {
    if (deps.controlPort) return `http://127.0.0.1:${deps.controlPort}`;
    if (Date.now() - cachedUrl.at < 2000) return cachedUrl.url;
    const row = await repo.get(db, nodeId, NGINX_SERVICE);
    cachedUrl = { url: row?.control_url ?? null, at: Date.now() };
    return cachedUrl.url;
  }

  async function get(pathAndQuery: string): Promise<string> {
    const base = await controlUrl();
    if (!base) throw new Error('servidor de mídia ainda não registrado');
    const r = await fetch(base + pathAndQuery, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!r.ok) throw new Error(`servidor de mídia respondeu ${r.status}`);
    return r.text();
  }

  return {
    /** The restarts of every node's supervised services (nginx), by node and name: metrics. */
    restarts: () => repo.restarts(db),
    /**
     * nginx-rtmp's current streams; shared by the calls of one second so polling pages cost one
     * request. `fresh` asks nginx now (a decision that must not rest on a stat taken before nginx
     * restarted).
     */
    stat(opts: { fresh?: boolean } = {}): Promise<RtmpStat> {
      if (!opts.fresh && cachedStat && Date.now() - cachedStat.at < STAT_CACHE_MS) return cachedStat.p;
      const p = get('/stat').then(parseRtmpStat);
      cachedStat = { at: Date.now(), p };
      p.catch(() => {
        if (cachedStat?.p === p) cachedStat = null;
      });
      return p;
    },
    /** Disconnects the publisher of a stream; false when there was none or the node is unreachable. */
    async dropPublisher(streamName: string): Promise<boolean> {
      cachedStat = null;
      const body = await get(dropPublisherPath(LIVE_APPLICATION, streamName)).catch(() => '0');
      return Number.parseInt(body, 10) > 0;
    },
    async probe(): Promise<'ok' | 'down'> {
      cachedStat = null;
      return this.stat().then(() => 'ok' as const, () => 'down' as const);
    },
    service: (): Promise<MediaServiceRow | undefined> => repo.get(db, nodeId, NGINX_SERVICE),
    /** The worker's own report on nginx, for /api/health's details. */
    async details(): Promise<Record<string, unknown>> {
      const svc = await repo.get(db, nodeId, NGINX_SERVICE);
      if (!svc) return { media_server: null };
      return {
        media_server: {
          state: svc.state, pid: svc.pid, restarts: svc.restarts, since: svc.changed_at, last_error: svc.last_error,
          worker_seen_at: svc.heartbeat_at,
        },
      };
    },
    /**
     * nginx as the worker last reported it, without asking nginx: running, and the worker
     * alive (it writes a heartbeat every few seconds). A database error propagates.
     */
    async reported(): Promise<'ok' | 'down' | 'unknown'> {
      const row = await repo.get(db, nodeId, NGINX_SERVICE);
      if (!row) return 'unknown';
      const fresh = Date.now() - Date.parse(row.heartbeat_at) < REPORT_STALE_MS;
      return row.state === 'running' && fresh ? 'ok' : 'down';
    },
  };
}
export type MediaServer = ReturnType<typeof createMediaServer>;
