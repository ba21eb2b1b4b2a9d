import fs from 'node:fs';
import path from 'node:path';
import { RECORDING_RESUME_GAP_S } from '@painel/contract';
import { parseAllowList } from './outbound-guard.ts';
import { loadWebPushConfig, type WebPushConfig } from './push-services.ts';

export interface Config {
  port: number;
  /** The API's address (BIND_ADDRESS when set, else HOST); FTP and HLS_PORT bind it too. */
  host: string;
  /**
   * The address every listener of this server binds (BIND_ADDRESS): the API, RTMP, HLS_PORT, FTP
   * and its passive ports, so that several servers share one machine (127.0.0.2, 127.0.0.3…) on
   * the same ports. Unset: HOST for the API, FTP and HLS_PORT, every address for RTMP (as before).
   * The addresses the panel gives stay PUBLIC_HOST/PUBLIC_URL's.
   */
  bindAddress: string | undefined;
  rtmpPort: number;
  ftpPort: number;
  /** Passive-mode data ports of the FTP server (FTP_PASV_MIN–FTP_PASV_MAX); open them in the firewall. */
  ftpPasv: { min: number; max: number };
  /**
   * SRT ingest (modules/srt): each account that turns it on gets one UDP port of SRT_PORT_MIN–SRT_PORT_MAX
   * (bound like RTMP: BIND_ADDRESS, else every address; open the range in the firewall) and the
   * receiver latency asked of the encoder (SRT_LATENCY_MS).
   */
  srt: { portMin: number; portMax: number; latencyMs: number };
  /**
   * How long a broadcast that dropped may come back and continue the same recording
   * (RECORDING_GAP_SECONDS, default RECORDING_RESUME_GAP_S); after it, the recording is joined into the library.
   */
  recordingGapSeconds: number;
  publicHost: string;
  /**
   * The panel's public address when it differs from http://PUBLIC_HOST:PORT — a reverse proxy with TLS
   * in front (PUBLIC_URL, e.g. https://painel.example.com): connection data, player and HLS addresses
   * are written from it. Unset: http://PUBLIC_HOST:PORT.
   */
  publicUrl?: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  webDist: string | undefined;
  jwtTtlSeconds: number;
  /** How long the answers of the pages every owner keeps open are reused per account (READ_CACHE_MS; 0 turns it off). */
  readCacheMs: number;
  login: ThrottleLimits;
  media: MediaConfig;
  /** `host:port` peers on private or loopback addresses the outbound guard lets through (OUTBOUND_ALLOW). */
  outboundAllow: Set<string>;
  /** Where visitors' Web Push subscriptions may point and how many are kept (PUSH_SERVICE_HOSTS, PUSH_MAX_PER_ADDRESS, PUSH_MAX_PER_CHANNEL). */
  webPush: WebPushConfig;
  tools: ToolsConfig;
  /** Viewer sessions and their hourly sums are deleted after this many days (VIEWER_RETENTION_DAYS). */
  viewerRetentionDays: number;
  /**
   * Free space (MB) the data directory's disk must keep (MIN_FREE_MB; 0 turns the check off): under it,
   * uploads, downloads and conversions are refused before anything is written (platform/disk-space.ts).
   */
  minFreeMb: number;
  /** Bearer token GET /metrics asks for (METRICS_TOKEN); unset: only loopback clients may read it. */
  metricsToken: string | undefined;
}

/** How many login attempts are let through in a window. */
export interface ThrottleLimits {
  windowMs: number;
  /** Attempts one address may make on one account in the window. */
  maxPerAccount: number;
  /** Attempts one address may make in all, on any accounts. */
  maxPerIp: number;
  /**
   * Failures on one account from all addresses together past which an address that has already
   * tried this account gets no further attempt; an address that has not tried still may.
   */
  maxPerAccountTotal: number;
}

/** The finite jobs (download from a link, FTP migration, conversion) the worker runs. */
export interface ToolsConfig {
  /** yt-dlp (YTDLP_PATH): sites change faster than the distribution's package, so a newer one can be pointed at. */
  ytdlpBin: string;
  /** Conversions one machine runs at the same time (CONVERSION_SLOTS); each ffmpeg takes the cores it can. */
  conversionSlots: number;
  /** A running job renews its claim this often ×3; a job whose worker died is taken up again after this (JOB_LEASE_MS). */
  jobLeaseMs: number;
  /** A download is stopped past this many minutes (DOWNLOAD_MAX_MINUTES) or this size (DOWNLOAD_MAX_MB). */
  downloadMaxMinutes: number;
  downloadMaxMb: number;
  /** How long reading a link's facts ('Validar') may take (DOWNLOAD_PROBE_SECONDS). */
  downloadProbeSeconds: number;
}

/** The media node: nginx-rtmp run by the worker, reached by the API on loopback. */
export interface MediaConfig {
  /** codigo_servidor of the accounts this node serves. */
  nodeId: number;
  nginxBin: string;
  /** null when nginx has the RTMP module built in. */
  rtmpModule: string | null;
  /** Loopback port of rtmp_stat/rtmp_control; undefined lets the worker pick a free one and record it. */
  controlPort: number | undefined;
  /** How nginx reaches the API for on_publish (loopback, or the bound address, by default). */
  apiInternalUrl: string;
  /**
   * Where this machine's own processes reach nginx-rtmp (playouts and relays publishing,
   * restreams reading): BIND_ADDRESS when set, 127.0.0.1 otherwise. URL form.
   */
  rtmpLocalHost: string;
  /**
   * Where this machine's own processes fetch from HLS_PORT (the fragments listed to loopback
   * clients): the address it binds when that names one, 127.0.0.1 otherwise. URL form.
   */
  hlsLocalHost: string;
  hlsFragmentSeconds: number;
  hlsPlaylistSeconds: number;
  ffmpegBin: string;
  /** Public port where nginx serves the HLS fragments (HLS_PORT, bound like the API to BIND_ADDRESS or HOST); 0: none, the API serves them. */
  hlsPort: number;
  /** Where players fetch the fragments (HLS_PUBLIC_URL, e.g. https://hls.example.com behind TLS); unset: the host the viewer used, on hlsPort. */
  hlsPublicUrl: string | undefined;
}

const firstExisting = (...paths: string[]): string | undefined => paths.find((p) => fs.existsSync(p));

const int = (v: string | undefined, d: number): number => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) ? n : d;
};

/** PUBLIC_URL as an origin: http(s)://host[:port], nothing after it (the panel is served at the root). */
function publicUrlOf(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL inválida: ${value}`);
  }
  if (!['http:', 'https:'].includes(u.protocol) || u.username || u.password || u.pathname !== '/' || u.search || u.hash) {
    throw new Error(`PUBLIC_URL precisa ser http(s)://host[:porta], sem caminho nem mais nada: ${value}`);
  }
  return u;
}

/**
 * How this machine's own processes reach a listener bound to `address`: 127.0.0.1 when it binds
 * every address, else that address (an IPv6 one in brackets, for URLs).
 */
export function localHostOf(address: string | undefined): string {
  const a = (address ?? '').trim().replace(/^\[(.*)\]$/, '$1');
  if (['', '0.0.0.0', '::', '*'].includes(a)) return '127.0.0.1';
  return a.includes(':') ? `[${a}]` : a;
}

/** SRT_PORT alone is a range of one port; SRT_PORT_MIN/SRT_PORT_MAX win over it. */
function srtOf(env: NodeJS.ProcessEnv): Config['srt'] {
  const single = env.SRT_PORT ? int(env.SRT_PORT, 0) : 0;
  const portMin = int(env.SRT_PORT_MIN, single || 10080);
  const portMax = int(env.SRT_PORT_MAX, single || (env.SRT_PORT_MIN ? portMin + 99 : 10179));
  if (!(portMin >= 1 && portMin <= 65535 && portMax >= portMin && portMax <= 65535)) {
    throw new Error(`SRT_PORT_MIN/SRT_PORT_MAX inválidas: ${env.SRT_PORT_MIN ?? env.SRT_PORT ?? ''}–${env.SRT_PORT_MAX ?? ''}`);
  }
  return { portMin, portMax, latencyMs: Math.min(10_000, Math.max(20, int(env.SRT_LATENCY_MS, 1000))) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../../..');
  // BIND_ADDRESS, when set, is every listener's address and replaces HOST (the API, FTP and HLS_PORT only)
  const bindAddress = env.BIND_ADDRESS?.trim().replace(/^\[(.*)\]$/, '$1') || undefined;
  const host = bindAddress ?? env.HOST ?? '0.0.0.0';
  return {
    port: int(env.PORT, 3001),
    host,
    bindAddress,
    rtmpPort: int(env.RTMP_PORT, 1935),
    ftpPort: int(env.FTP_PORT, 2121),
    ftpPasv: { min: int(env.FTP_PASV_MIN, 30000), max: int(env.FTP_PASV_MAX, 30100) },
    srt: srtOf(env),
    recordingGapSeconds: Math.max(1, int(env.RECORDING_GAP_SECONDS, RECORDING_RESUME_GAP_S)),
    publicHost: env.PUBLIC_HOST ?? publicUrlOf(env.PUBLIC_URL)?.hostname.replace(/^\[(.*)\]$/, '$1') ?? 'localhost',
    publicUrl: publicUrlOf(env.PUBLIC_URL)?.origin,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    webDist: path.join(root, 'apps/web/dist'),
    jwtTtlSeconds: int(env.JWT_TTL_SECONDS, 12 * 3600),
    readCacheMs: int(env.READ_CACHE_MS, 1000),
    login: {
      windowMs: int(env.LOGIN_WINDOW_MS, 15 * 60_000),
      maxPerAccount: int(env.LOGIN_MAX_PER_ACCOUNT, 10),
      maxPerIp: int(env.LOGIN_MAX_PER_IP, 30),
      maxPerAccountTotal: int(env.LOGIN_MAX_PER_ACCOUNT_TOTAL, 100),
    },
    media: {
      nodeId: int(env.NODE_ID, 1),
      nginxBin: env.NGINX_BIN || firstExisting('/usr/sbin/nginx') || 'nginx',
      rtmpModule: env.NGINX_RTMP_MODULE !== undefined ? env.NGINX_RTMP_MODULE || null
        : firstExisting('/usr/lib/nginx/modules/ngx_rtmp_module.so') ?? null,
      controlPort: env.RTMP_STAT_PORT ? int(env.RTMP_STAT_PORT, 0) : undefined,
      apiInternalUrl: (env.API_INTERNAL_URL || `http://${localHostOf(host)}:${int(env.PORT, 3001)}`).replace(/\/$/, ''),
      rtmpLocalHost: localHostOf(bindAddress),
      hlsLocalHost: localHostOf(host),
      hlsFragmentSeconds: int(env.HLS_FRAGMENT_SECONDS, 2),
      // long enough that a player of a playlist channel can start half a minute back (10-s fragments)
      hlsPlaylistSeconds: int(env.HLS_PLAYLIST_SECONDS, 20),
      ffmpegBin: env.FFMPEG_PATH || 'ffmpeg',
      hlsPort: int(env.HLS_PORT, 3002),
      hlsPublicUrl: env.HLS_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    },
    outboundAllow: parseAllowList(env.OUTBOUND_ALLOW),
    webPush: loadWebPushConfig(env),
    viewerRetentionDays: Math.max(1, int(env.VIEWER_RETENTION_DAYS, 90)),
    minFreeMb: Math.max(0, int(env.MIN_FREE_MB, 1024)),
    metricsToken: env.METRICS_TOKEN || undefined,
    tools: {
      ytdlpBin: env.YTDLP_PATH || 'yt-dlp',
      conversionSlots: Math.max(1, int(env.CONVERSION_SLOTS, 1)),
      jobLeaseMs: Math.max(3000, int(env.JOB_LEASE_MS, 30_000)),
      downloadMaxMinutes: Math.max(1, int(env.DOWNLOAD_MAX_MINUTES, 120)),
      downloadMaxMb: Math.max(1, int(env.DOWNLOAD_MAX_MB, 4096)),
      downloadProbeSeconds: Math.max(1, int(env.DOWNLOAD_PROBE_SECONDS, 20)),
    },
  };
}
