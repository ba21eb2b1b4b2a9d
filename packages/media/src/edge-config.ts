import { isIP } from 'node:net';

/**
 * The nginx configuration of an HLS edge (`./painel edge`): a caching proxy in front of one
 * server's HLS, so that many viewers cost that server one request per fragment and about one
 * per playlist refresh. Pure: the command writes the text and runs nginx on it, or prints it
 * for operators who run their own nginx.
 *
 * What a player fetches through it:
 * - `/hls/{stream}.m3u8` — the server's playlist (the API's, which also answers on the server's
 *   HLS port), cached about one fragment's time (the API says no-cache: ignored here). The
 *   API lists the fragments at absolute addresses of the server's own fragment port (or its
 *   HLS_PUBLIC_URL), which would send players straight past the edge: every `http://` and
 *   `https://` in the playlist becomes `/o/`, so `http://10.0.0.5:3002/hls/a_live-1.ts` is
 *   listed as `/o/10.0.0.5:3002/hls/a_live-1.ts`, a path on the edge itself.
 * - `/hls/{fragment}.ts` and `/o/…/hls/{fragment}.ts` — one fragment, fetched from the origin
 *   by its name only (whatever host the path names is ignored: nothing but the configured
 *   origin is ever contacted) and cached for minutes: fragment names never repeat.
 *
 * `proxy_cache_lock` lets one request per fragment or playlist fill the cache while the
 * others wait for it, and an expired playlist is refreshed by one request while the others get
 * the copy being replaced (`proxy_cache_use_stale updating`). Query strings (the player's
 * `sessao=`, `previa=`) never reach the origin and never split the cache; only `?playlist=N`
 * (a playlist's own player) is passed on, as it changes the answer. The origin sees the edge
 * as one viewer; viewers behind it are counted by their players' heartbeats.
 */
export interface EdgeOptions {
  /** The server's HLS address: http(s)://host[:port][/path] (its HLS port, HLS_PUBLIC_URL or its API). */
  origin: string;
  port: number;
  /** Address to listen on; empty, `0.0.0.0` or `*`: every IPv4 address; `::`: every address. */
  bind?: string;
  /** Directory of the cache, temp files and pid (and the access log when asked). */
  dir: string;
  /** `user` directive, needed only when nginx starts as root. */
  user?: { name: string; group: string } | undefined;
  /** How long a playlist is reused (seconds; about one fragment). */
  playlistSeconds?: number;
  /** How long a fragment is kept (minutes). */
  fragmentMinutes?: number;
  /** The cache's size on disk (MB). */
  maxCacheMb?: number;
  workerProcesses?: number | 'auto';
  /** Writes `dir/logs/access.log` with each request's cache status ($upstream_cache_status). */
  accessLog?: boolean;
  /** CA bundle that verifies an https origin. */
  caFile?: string;
}

export class EdgeConfigError extends Error {}

export interface EdgeOrigin {
  scheme: 'http' | 'https';
  /** host[:port] as written, for the Host header and the upstream. */
  host: string;
  hostname: string;
  port: number;
  /** The path prefix before /hls/ (no trailing slash; empty for none). */
  path: string;
}

/** The origin address, checked: http(s), no credentials, query or fragment. */
export function parseEdgeOrigin(url: string): EdgeOrigin {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new EdgeConfigError(`endereço de origem inválido: ${url}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new EdgeConfigError(`a origem precisa ser http:// ou https://: ${url}`);
  if (u.username || u.password || u.search || u.hash) throw new EdgeConfigError(`a origem é só http(s)://host[:porta][/caminho], sem usuário, senha, consulta ou #: ${url}`);
  const scheme = u.protocol === 'https:' ? 'https' : 'http';
  const path = u.pathname.replace(/\/+$/, '').replace(/\/hls$/, '');
  const hostname = u.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!(isIP(hostname) || /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(hostname))) throw new EdgeConfigError(`host de origem inválido: ${url}`);
  if (path && !/^(\/[A-Za-z0-9._~-]+)+$/.test(path)) throw new EdgeConfigError(`caminho de origem impróprio: ${url}`);
  return { scheme, host: u.host, hostname, port: u.port ? Number(u.port) : scheme === 'https' ? 443 : 80, path };
}

/** nginx parses these values as words: refuse anything that could break out of one. */
function word(v: string, what: string): string {
  if (!/^[A-Za-z0-9_./:@%+=,\[\]-]+$/.test(v)) throw new EdgeConfigError(`valor impróprio para a configuração do nginx (${what}): ${v}`);
  return v;
}

function positive(n: number, what: string, max: number): number {
  if (!Number.isInteger(n) || n < 1 || n > max) throw new EdgeConfigError(`${what} inválido: ${n}`);
  return n;
}

function listen(bind: string, p: number): string {
  const a = bind.trim().replace(/^\[(.*)\]$/, '$1');
  if (a === '' || a === '0.0.0.0' || a === '*') return `listen ${p};`;
  if (a === '::') return `listen [::]:${p} ipv6only=off;`;
  if (!isIP(a)) throw new EdgeConfigError(`endereço de escuta inválido (use um IP): ${bind}`);
  return `listen ${a.includes(':') ? `[${a}]` : a}:${p};`;
}

/** A playlist's name, and the fragment names nginx-rtmp writes; the same patterns as the server's HLS port. */
const PLAYLIST_LOCATION = '"^/hls/[a-z0-9_]+\\.m3u8$"';
const FRAGMENT_LOCATION = '"^/(?:o/[^/]+(?:/[^/]+)*/)?hls/(?<painel_fragment>[a-z0-9_]+-[0-9]+\\.ts)$"';

export function edgeConfig(o: EdgeOptions): string {
  const origin = parseEdgeOrigin(o.origin);
  const dir = word(o.dir.replace(/\/+$/, ''), 'dir');
  const port = positive(o.port, 'porta', 65535);
  const playlistSeconds = positive(o.playlistSeconds ?? 1, 'tempo da playlist no cache', 3600);
  const fragmentMinutes = positive(o.fragmentMinutes ?? 10, 'tempo dos fragmentos no cache', 24 * 60);
  const maxCacheMb = positive(o.maxCacheMb ?? 2048, 'tamanho do cache', 1024 * 1024);
  const workers = o.workerProcesses ?? 'auto';
  if (workers !== 'auto') positive(workers, 'número de processos', 256);
  const upstream = `${origin.scheme}://painel_origin${origin.path}`;
  const cors = [
    'proxy_hide_header Access-Control-Allow-Origin;',
    'proxy_hide_header Access-Control-Allow-Methods;',
    'proxy_hide_header Access-Control-Allow-Headers;',
    'proxy_hide_header Set-Cookie;',
    'add_header Access-Control-Allow-Origin * always;',
    'add_header Access-Control-Allow-Methods "GET, HEAD, OPTIONS" always;',
    'add_header Access-Control-Allow-Headers Range always;',
    'add_header X-Cache $upstream_cache_status always;',
    'if ($request_method = OPTIONS) { return 204; }',
    'limit_except GET { deny all; }',
  ];
  const tls = origin.scheme === 'https'
    ? [
        'proxy_ssl_server_name on;',
        `proxy_ssl_name ${word(origin.hostname, 'origin')};`,
        'proxy_ssl_verify on;',
        `proxy_ssl_trusted_certificate ${word(o.caFile ?? '/etc/ssl/certs/ca-certificates.crt', 'ca')};`,
        'proxy_ssl_session_reuse on;',
      ]
    : [];
  const lines = [
    '# Gerado pelo painel (./painel edge); alterações manuais são perdidas.',
    // run in the foreground: the command (or systemd) owns its lifetime
    'daemon off;',
    'master_process on;',
    `worker_processes ${workers};`,
    'worker_rlimit_nofile 16384;',
    ...(o.user ? [`user ${word(o.user.name, 'user')} ${word(o.user.group, 'group')};`] : []),
    `pid ${dir}/nginx.pid;`,
    'error_log stderr warn;',
    'events { worker_connections 16384; }',
    '',
    'http {',
    ...(o.accessLog
      ? [
          `  log_format painel_edge '$time_iso8601 $remote_addr "$request" $status $body_bytes_sent $upstream_cache_status $request_time';`,
          `  access_log ${dir}/logs/access.log painel_edge buffer=64k flush=2s;`,
        ]
      : ['  access_log off;']),
    '  server_tokens off;',
    '  sendfile on;',
    '  tcp_nopush on;',
    `  client_body_temp_path ${dir}/tmp/body;`,
    `  proxy_temp_path ${dir}/tmp/proxy;`,
    `  fastcgi_temp_path ${dir}/tmp/fastcgi;`,
    `  uwsgi_temp_path ${dir}/tmp/uwsgi;`,
    `  scgi_temp_path ${dir}/tmp/scgi;`,
    `  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=painel_edge:32m max_size=${maxCacheMb}m inactive=${fragmentMinutes}m use_temp_path=off;`,
    // only a playlist's own player (?playlist=N) changes the answer; every other parameter stays here
    '  map $arg_playlist $painel_edge_query { "~^(?<n>[0-9]{1,9})$" "?playlist=$n"; default ""; }',
    '  upstream painel_origin {',
    `    server ${word(`${origin.hostname.includes(':') ? `[${origin.hostname}]` : origin.hostname}:${origin.port}`, 'origin')};`,
    '    keepalive 32;',
    '  }',
    '  server {',
    `    ${listen(o.bind ?? '', port)}`,
    '    proxy_cache painel_edge;',
    '    proxy_http_version 1.1;',
    '    proxy_set_header Connection "";',
    `    proxy_set_header Host ${word(origin.host, 'origin')};`,
    // the origin sees the edge: nothing of the viewer's (addresses, sessions, cookies) is passed on,
    // so it counts the edge as one viewer and nobody can pose as someone else through it
    '    proxy_set_header X-Forwarded-For "";',
    '    proxy_set_header X-Forwarded-Proto "";',
    '    proxy_set_header X-Forwarded-Host "";',
    '    proxy_set_header X-Real-IP "";',
    '    proxy_set_header Forwarded "";',
    '    proxy_set_header Authorization "";',
    '    proxy_set_header Cookie "";',
    '    proxy_set_header User-Agent painel-edge;',
    '    proxy_set_header Accept-Encoding "";',
    '    proxy_ignore_headers Cache-Control Expires Set-Cookie X-Accel-Expires Vary;',
    '    proxy_connect_timeout 5s;',
    '    proxy_read_timeout 30s;',
    '    proxy_cache_lock on;',
    ...tls.map((l) => `    ${l}`),
    `    location ~ ${PLAYLIST_LOCATION} {`,
    `      proxy_pass ${upstream}$uri$painel_edge_query;`,
    '      proxy_cache_key $uri$painel_edge_query;',
    // about one fragment: one origin request per window, however many viewers
    `      proxy_cache_valid 200 404 ${playlistSeconds}s;`,
    '      proxy_cache_lock_timeout 3s;',
    '      proxy_cache_lock_age 3s;',
    '      proxy_cache_use_stale updating error timeout http_502 http_503 http_504;',
    '      sub_filter_types application/vnd.apple.mpegurl;',
    // absolute fragment addresses (the server's fragment port) become paths on this edge
    "      sub_filter 'http://' '/o/';",
    "      sub_filter 'https://' '/o/';",
    '      sub_filter_once off;',
    ...cors.map((l) => `      ${l}`),
    '    }',
    `    location ~ ${FRAGMENT_LOCATION} {`,
    `      proxy_pass ${upstream}/hls/$painel_fragment;`,
    '      proxy_cache_key $painel_fragment;',
    `      proxy_cache_valid 200 ${fragmentMinutes}m;`,
    '      proxy_cache_valid 404 1s;',
    '      proxy_cache_lock_timeout 10s;',
    '      proxy_cache_lock_age 10s;',
    '      proxy_cache_use_stale updating error timeout http_502 http_503 http_504;',
    ...cors.map((l) => `      ${l}`),
    '    }',
    '    location = /health { default_type text/plain; return 200 "ok\\n"; }',
    '    location / { return 404; }',
    '  }',
    '}',
    '',
  ];
  return lines.join('\n');
}

/** nginx's argv for an edge: prefix and config given explicitly, startup errors on stderr. */
export function edgeArgs(o: { dir: string; configFile: string }): string[] {
  return ['-p', o.dir, '-c', o.configFile, '-e', 'stderr'];
}
