/**
 * The nginx configuration of a media node: RTMP ingest with the stream-key check done by the
 * API (on_publish), HLS written for the API to serve, and rtmp_stat / rtmp_control on a
 * loopback-only HTTP port. Pure: the worker writes the text and runs nginx on it.
 */
export interface NginxOptions {
  /** Directory for pid, logs, temp files and the config itself (data/nginx). */
  prefix: string;
  hlsDir: string;
  rtmpPort: number;
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
}

/** nginx parses these values as words: refuse anything that could break out of one. */
function word(v: string, what: string): string {
  if (!/^[A-Za-z0-9_./:@%+=,-]+$/.test(v)) throw new Error(`valor impróprio para a configuração do nginx (${what}): ${v}`);
  return v;
}

const port = (n: number, what: string): number => {
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`porta inválida (${what}): ${n}`);
  return n;
};

/** The longest fragment nginx writes while waiting for a keyframe; past it, it cuts anyway. */
export const HLS_MAX_FRAGMENT_SECONDS = 30;

export function nginxConfig(o: NginxOptions): string {
  const app = word(o.application ?? 'live', 'application');
  const prefix = word(o.prefix, 'prefix');
  const frag = o.hlsFragmentSeconds ?? 2;
  const playlist = o.hlsPlaylistSeconds ?? 6;
  const hook = word(o.hookBaseUrl.replace(/\/$/, ''), 'hook');
  if (!/^http:\/\//.test(hook)) throw new Error('os callbacks do nginx-rtmp precisam de http://');
  const lines = [
    '# Gerado pelo painel (worker.ts) a cada início; alterações manuais são perdidas.',
    o.rtmpModule ? `load_module ${word(o.rtmpModule, 'module')};` : '',
    // a supervised child: the worker owns its lifetime, so no daemonising
    'daemon off;',
    'master_process on;',
    `worker_processes ${o.workerProcesses ?? 1};`,
    o.user ? `user ${word(o.user.name, 'user')} ${word(o.user.group, 'group')};` : '',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/logs/error.log warn;`,
    'events { worker_connections 1024; }',
    '',
    'rtmp {',
    '  server {',
    `    listen ${port(o.rtmpPort, 'rtmp')};`,
    '    chunk_size 4096;',
    // an encoder that stays connected but sends nothing is dropped, so the channel goes offline
    '    drop_idle_publisher 10s;',
    `    application ${app} {`,
    '      live on;',
    '      record off;',
    '      wait_key on;',
    // pulls (restreams, relays) run on this machine; viewers watch the HLS, never raw RTMP
    '      allow play 127.0.0.1;',
    '      deny play all;',
    `      on_publish ${hook}/publish;`,
    `      on_publish_done ${hook}/publish_done;`,
    '      notify_method post;',
    '      hls on;',
    `      hls_path ${word(o.hlsDir, 'hls')};`,
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
    `  client_body_temp_path ${prefix}/tmp/body;`,
    `  proxy_temp_path ${prefix}/tmp/proxy;`,
    `  fastcgi_temp_path ${prefix}/tmp/fastcgi;`,
    `  uwsgi_temp_path ${prefix}/tmp/uwsgi;`,
    `  scgi_temp_path ${prefix}/tmp/scgi;`,
    '  server {',
    // loopback only: stat reveals every stream and control can drop any publisher
    `    listen 127.0.0.1:${port(o.controlPort, 'control')};`,
    '    location = /stat { rtmp_stat all; }',
    '    location /control { rtmp_control all; }',
    '    location / { return 404; }',
    '  }',
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
