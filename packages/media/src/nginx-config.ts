/**
 * The nginx configuration of a media node: RTMP ingest with the stream-key check done by the
 * API (on_publish), HLS written into a directory, its fragments served to players by nginx
 * itself on a public HTTP port (the playlists stay with the API, which decides who may watch
 * and counts viewers), and rtmp_stat / rtmp_control on a loopback-only HTTP port. Pure: the
 * worker writes the text and runs nginx on it.
 */
export interface NginxOptions {
  /** Directory for pid, logs, temp files and the config itself (data/nginx). */
  prefix: string;
  hlsDir: string;
  rtmpPort: number;
  /**
   * The address the RTMP port binds (the panel's BIND_ADDRESS); omitted, empty or 0.0.0.0: every
   * IPv4 address, `::`: every address. A specific address may also play the streams: the node's
   * own readers (restreams) connect to it and come from it.
   */
  rtmpAddress?: string | undefined;
  /** Loopback HTTP port of rtmp_stat and rtmp_control. */
  controlPort: number;
  /** Base of the publish callbacks, e.g. http://127.0.0.1:3001/api/rtmp/hook/TOKEN */
  hookBaseUrl: string;
  /** Path of ngx_rtmp_module.so; null when nginx has the module built in. */
  rtmpModule: string | null;
  /** `user` directive, needed only when nginx starts as root (workers would drop to nobody). */
  user?: { name: string; group: string } | undefined;
  application?: string;
  hlsFragmentSeconds?: number;
  hlsPlaylistSeconds?: number;
  workerProcesses?: number;
  /** The public HTTP listener of the HLS fragments; omitted: none (the API serves them). */
  hlsHttp?: HlsHttpOptions | undefined;
}

export interface HlsHttpOptions {
  port: number;
  /** The address to bind (the panel's BIND_ADDRESS or HOST); 0.0.0.0 or empty: every IPv4 address, `::`: every address. */
  address: string;
  /** The API (http://127.0.0.1:3001): playlists asked of this port are passed to it with the viewer's address. */
  apiUrl: string;
}

/**
 * A fragment's file name as nginx writes it (`hls_fragment_naming system`): the stream name, a
 * dash and a number. The only files the public listener serves; the API lists its playlists'
 * fragments under this name too.
 */
export const HLS_FRAGMENT_NAME = /^[a-z0-9_]+-[0-9]+\.ts$/;
/** The same names as nginx matches them in a request path. */
const FRAGMENT_LOCATION = '"^/hls/([a-z0-9_]+-[0-9]+\\.ts)$"';
const PLAYLIST_LOCATION = '"^/hls/[a-z0-9_]+\\.m3u8$"';

/** nginx parses these values as words: refuse anything that could break out of one. */
function word(v: string, what: string): string {
  if (!/^[A-Za-z0-9_./:@%+=,[\]-]+$/.test(v)) throw new Error(`valor impróprio para a configuração do nginx (${what}): ${v}`);
  return v;
}

const port = (n: number, what: string): number => {
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`porta inválida (${what}): ${n}`);
  return n;
};

/** A bind address without brackets; '' for every IPv4 address. */
const bare = (address: string | undefined): string => {
  const a = (address ?? '').trim().replace(/^\[(.*)\]$/, '$1');
  return a === '0.0.0.0' || a === '*' ? '' : a;
};
/** 127.0.0.x: reached from this machine from 127.0.0.1. */
const onIpv4Loopback = (a: string): boolean => a.startsWith('127.') || a === 'localhost';

/** The `listen` line of a port on a bind address ('' or 0.0.0.0: every IPv4 address, `::`: every address). */
function listenOn(address: string | undefined, p: number): string {
  const a = bare(address);
  if (a === '') return `listen ${p};`;
  if (a === '::') return `listen [::]:${p} ipv6only=off;`;
  return `listen ${a.includes(':') ? `[${word(a, 'address')}]` : word(a, 'address')}:${p};`;
}

/**
 * `listen` lines of the public HLS port: the panel's bind address, and loopback too when that
 * is one specific outside address, since the API hands loopback clients (the worker's own
 * ffmpeg reading the channel) fragment addresses on 127.0.0.1. A loopback address is never
 * doubled on 127.0.0.1: several servers bound to 127.0.0.2, 127.0.0.3… share one machine on
 * the same ports.
 */
function hlsListen(address: string, p: number): string[] {
  const a = bare(address);
  const own = listenOn(a, p);
  return a === '' || a === '::' || onIpv4Loopback(a) ? [own] : [own, `listen 127.0.0.1:${p};`];
}

/**
 * The public HTTP server of the HLS: fragments straight from the directory nginx-rtmp writes,
 * with the headers the API's own route always sent (any site's player may fetch them; a
 * fragment never changes, so caches may keep it), nothing else from the disk (no playlist, no
 * listing, no other name), and the playlists passed to the API, so this port alone is a
 * complete HLS address while the API still decides who may watch.
 */
function hlsServer(o: HlsHttpOptions, hlsDir: string): string[] {
  const api = new URL(o.apiUrl);
  if (api.protocol !== 'http:') throw new Error('o nginx alcança a API por http://');
  const upstream = word(api.origin, 'api');
  // the API believes X-Forwarded-For from loopback only: an API bound to this machine's outside
  // address (BIND_ADDRESS) is still called from 127.0.0.1, or every viewer would be that address
  const a = bare(o.address);
  const fromLoopback = a !== '' && a !== '::' && !onIpv4Loopback(a) && api.hostname.replace(/^\[(.*)\]$/, '$1') === a;
  const cors = [
    'add_header Access-Control-Allow-Origin * always;',
    'add_header Access-Control-Allow-Methods "GET, HEAD, OPTIONS" always;',
    'add_header Access-Control-Allow-Headers Range always;',
  ];
  return [
    '  server {',
    ...hlsListen(o.address, port(o.port, 'hls')).map((l) => `    ${l}`),
    `    location ~ ${FRAGMENT_LOCATION} {`,
    `      alias ${hlsDir}/$1;`,
    '      types { }',
    '      default_type video/mp2t;',
    ...cors.map((l) => `      ${l}`),
    // not on a preflight's 204 (the API sent none there either)
    '      add_header Cache-Control $painel_hls_cache;',
    '      if ($request_method = OPTIONS) { return 204; }',
    '    }',
    `    location ~ ${PLAYLIST_LOCATION} {`,
    `      proxy_pass ${upstream};`,
    ...(fromLoopback ? [`      proxy_bind ${a.includes(':') ? '::1' : '127.0.0.1'};`] : []),
    '      proxy_http_version 1.1;',
    '      proxy_set_header Connection "";',
    '      proxy_set_header Host $host;',
    // replaced, never appended to or passed on from the client: the API believes these from
    // loopback only, so they must be what nginx itself saw
    '      proxy_set_header X-Forwarded-For $remote_addr;',
    '      proxy_set_header X-Forwarded-Proto $scheme;',
    '      proxy_set_header X-Forwarded-Host "";',
    '    }',
    '    location / { return 404; }',
    '  }',
  ];
}

/** The longest fragment nginx writes while waiting for a keyframe; past it, it cuts anyway. */
export const HLS_MAX_FRAGMENT_SECONDS = 30;

export function nginxConfig(o: NginxOptions): string {
  const app = word(o.application ?? 'live', 'application');
  const prefix = word(o.prefix, 'prefix');
  const frag = o.hlsFragmentSeconds ?? 2;
  const playlist = o.hlsPlaylistSeconds ?? 6;
  const hook = word(o.hookBaseUrl.replace(/\/$/, ''), 'hook');
  const hlsDir = word(o.hlsDir, 'hls');
  if (!/^http:\/\//.test(hook)) throw new Error('os callbacks do nginx-rtmp precisam de http://');
  const rtmpAddress = bare(o.rtmpAddress);
  // a reader of this machine connecting to 127.0.0.x comes from 127.0.0.1; to any other specific
  // address (an outside one, ::1), from that address
  const ownReader = rtmpAddress !== '' && rtmpAddress !== '::' && !onIpv4Loopback(rtmpAddress);
  const playFrom = ['127.0.0.1', ...(ownReader ? [word(rtmpAddress, 'address')] : [])];
  const lines = [
    '# Gerado pelo painel (worker.ts) a cada início; alterações manuais são perdidas.',
    o.rtmpModule ? `load_module ${word(o.rtmpModule, 'module')};` : '',
    // a supervised child: the worker owns its lifetime, so no daemonising
    'daemon off;',
    'master_process on;',
    `worker_processes ${o.workerProcesses ?? 1};`,
    // every player keeps a connection open to the HLS port: room for thousands, not the default 1024
    'worker_rlimit_nofile 16384;',
    o.user ? `user ${word(o.user.name, 'user')} ${word(o.user.group, 'group')};` : '',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/logs/error.log warn;`,
    'events { worker_connections 8192; }',
    '',
    'rtmp {',
    '  server {',
    `    ${listenOn(rtmpAddress, port(o.rtmpPort, 'rtmp'))}`,
    '    chunk_size 4096;',
    // an encoder that stays connected but sends nothing is dropped, so the channel goes offline
    '    drop_idle_publisher 10s;',
    `    application ${app} {`,
    '      live on;',
    '      record off;',
    '      wait_key on;',
    // pulls (restreams, relays) run on this machine; viewers watch the HLS, never raw RTMP
    ...playFrom.map((a) => `      allow play ${a};`),
    '      deny play all;',
    `      on_publish ${hook}/publish;`,
    `      on_publish_done ${hook}/publish_done;`,
    '      notify_method post;',
    '      hls on;',
    `      hls_path ${hlsDir};`,
    // nginx cuts at the first keyframe past this length; asking for a bit less than the target
    // keeps fragments at `frag` seconds with OBS's 1–2 s keyframes instead of slipping to the next one
    `      hls_fragment ${Math.round(frag * 800)}ms;`,
    `      hls_playlist_length ${playlist}s;`,
    // a video with a keyframe every 10 s makes 10-s fragments; nginx splits only past this
    `      hls_max_fragment ${HLS_MAX_FRAGMENT_SECONDS}s;`,
    // nginx's own cleanup deletes by age (a fragment twice the playlist length old, a playlist
    // not rewritten for one length), so long fragments vanished while still listed: the worker
    // removes what no playlist lists any more (hlsLeftovers)
    '      hls_cleanup off;',
    '      hls_nested off;',
    // a source that publishes again (the playout's next run, a relay that reconnects) continues
    // the playlist with a discontinuity, and its media sequence only grows; a new broadcast
    // removes the playlist first, so it starts afresh. Time-based fragment names never repeat,
    // so no cache can hand out an old segment
    '      hls_continuous on;',
    '      hls_fragment_naming system;',
    '    }',
    '  }',
    '}',
    '',
    'http {',
    '  access_log off;',
    '  server_tokens off;',
    '  sendfile on;',
    '  tcp_nopush on;',
    `  client_body_temp_path ${prefix}/tmp/body;`,
    `  proxy_temp_path ${prefix}/tmp/proxy;`,
    `  fastcgi_temp_path ${prefix}/tmp/fastcgi;`,
    `  uwsgi_temp_path ${prefix}/tmp/uwsgi;`,
    `  scgi_temp_path ${prefix}/tmp/scgi;`,
    ...(o.hlsHttp ? ['  map $request_method $painel_hls_cache { OPTIONS ""; default "public, max-age=300"; }'] : []),
    '  server {',
    // loopback only: stat reveals every stream and control can drop any publisher
    `    listen 127.0.0.1:${port(o.controlPort, 'control')};`,
    '    location = /stat { rtmp_stat all; }',
    '    location /control { rtmp_control all; }',
    '    location / { return 404; }',
    '  }',
    ...(o.hlsHttp ? hlsServer(o.hlsHttp, hlsDir) : []),
    '}',
    '',
  ];
  return lines.filter((l, i) => l !== '' || lines[i - 1] !== '').join('\n');
}

/** nginx's own argv: prefix and config given explicitly, early errors to our log, not /var/log. */
export function nginxArgs(o: { prefix: string; configFile: string }): string[] {
  return ['-p', o.prefix, '-c', o.configFile, '-e', `${o.prefix}/logs/error.log`];
}

/** The nginx-rtmp control call that disconnects the publisher of one stream. */
export function dropPublisherPath(app: string, name: string): string {
  return `/control/drop/publisher?app=${encodeURIComponent(app)}&name=${encodeURIComponent(name)}`;
}
