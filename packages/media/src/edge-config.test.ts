import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { edgeArgs, edgeConfig, parseEdgeOrigin, type EdgeOptions } from './edge-config.ts';

const base: EdgeOptions = { origin: 'http://10.0.0.5:3002', port: 8080, dir: '/srv/edge' };

/** The body of the location block whose line starts with `head`. */
function block(c: string, head: string): string {
  const start = c.indexOf(head);
  assert.ok(start >= 0, `no ${head}`);
  return c.slice(start, c.indexOf('\n    }\n', start));
}

const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

describe('edgeConfig', () => {
  test('runs in the foreground with its cache, temp files and pid inside its folder', () => {
    const c = edgeConfig(base);
    assert.match(c, /^daemon off;$/m);
    assert.match(c, /^pid \/srv\/edge\/nginx\.pid;$/m);
    assert.match(c, /^error_log stderr warn;$/m);
    assert.match(c, /proxy_cache_path \/srv\/edge\/cache levels=1:2 keys_zone=painel_edge:32m max_size=2048m inactive=10m use_temp_path=off;/);
    for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) assert.ok(c.includes(`/srv/edge/tmp/${t};`), t);
    assert.match(c, /upstream painel_origin \{\n\s+server 10\.0\.0\.5:3002;/);
    assert.match(c, /^\s+listen 8080;$/m);
    assert.match(c, /^\s+access_log off;$/m);
    assert.doesNotMatch(c, /^user /m);
    assert.match(edgeConfig({ ...base, user: { name: 'painel', group: 'painel' } }), /^user painel painel;$/m);
  });

  test('playlists: cached about one fragment despite the API\'s no-cache, one origin request at a time, query left out but ?playlist=', () => {
    const c = edgeConfig(base);
    const p = block(c, 'location ~ "^/hls/[a-z0-9_]+\\.m3u8$" {');
    assert.match(p, /proxy_pass http:\/\/painel_origin\$uri\$painel_edge_query;/);
    assert.match(p, /proxy_cache_key \$uri\$painel_edge_query;/);
    assert.match(c, /map \$arg_playlist \$painel_edge_query \{ "~\^\(\?<n>\[0-9\]\{1,9\}\)\$" "\?playlist=\$n"; default ""; \}/);
    assert.match(p, /proxy_cache_valid 200 404 1s;/);
    assert.match(p, /proxy_cache_use_stale updating /);
    assert.match(p, /proxy_cache_lock_timeout 3s;/);
    assert.match(c, /^\s+proxy_cache_lock on;$/m);
    assert.match(c, /proxy_ignore_headers Cache-Control Expires Set-Cookie X-Accel-Expires Vary;/);
    // absolute fragment addresses become paths of the edge
    assert.match(p, /sub_filter 'http:\/\/' '\/o\/';/);
    assert.match(p, /sub_filter 'https:\/\/' '\/o\/';/);
    assert.match(p, /sub_filter_once off;/);
    assert.match(p, /sub_filter_types application\/vnd\.apple\.mpegurl;/);
    assert.match(c, /proxy_set_header Accept-Encoding "";/);
    assert.match(edgeConfig({ ...base, playlistSeconds: 2 }), /proxy_cache_valid 200 404 2s;/);
  });

  test('fragments: by name only, from the origin\'s /hls/, kept for minutes, whatever host their path names', () => {
    const c = edgeConfig({ ...base, fragmentMinutes: 30 });
    const head = /location ~ "(\^\/\(\?:o\/.*\.ts\)\$)" \{/.exec(c);
    assert.ok(head, 'fragment location');
    const f = block(c, head[0]);
    assert.match(f, /proxy_pass http:\/\/painel_origin\/hls\/\$painel_fragment;/);
    assert.match(f, /proxy_cache_key \$painel_fragment;/);
    assert.match(f, /proxy_cache_valid 200 30m;/);
    assert.match(f, /proxy_cache_lock_timeout 10s;/);
    // nginx's PCRE pattern, read as a JavaScript one (same syntax here)
    const re = new RegExp(head[1]!.replace(/\\\\/g, '\\'));
    for (const ok of ['/hls/ana_live-1795677376314.ts', '/o/10.0.0.5:3002/hls/ana_live-17.ts', '/o/cdn.exemplo.com/midia/hls/a-1.ts', '/o/[::1]:3002/hls/a_live-2.ts']) {
      assert.equal(re.exec(ok)?.groups?.painel_fragment, ok.slice(ok.lastIndexOf('/') + 1), ok);
    }
    for (const no of ['/hls/ana_live.m3u8', '/hls/../x-1.ts', '/o//hls/a-1.ts', '/hls/a-1.ts?x', '/etc/passwd', '/hls/A-1.ts', '/o/x/hls/a.ts']) {
      assert.equal(re.test(no), false, no);
    }
  });

  test('nothing of the viewer reaches the origin: addresses, cookies, authorization, user agent', () => {
    const c = edgeConfig(base);
    for (const h of ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host', 'X-Real-IP', 'Forwarded', 'Authorization', 'Cookie']) {
      assert.match(c, new RegExp(`proxy_set_header ${h} "";`), h);
    }
    assert.match(c, /proxy_set_header User-Agent painel-edge;/);
    assert.match(c, /proxy_set_header Host 10\.0\.0\.5:3002;/);
    assert.match(c, /add_header Access-Control-Allow-Origin \* always;/);
    assert.match(c, /add_header X-Cache \$upstream_cache_status always;/);
    assert.match(c, /limit_except GET \{ deny all; \}/);
    assert.match(c, /location \/ \{ return 404; \}/);
  });

  test('an https origin is verified, a path before /hls/ is kept', () => {
    const c = edgeConfig({ ...base, origin: 'https://hls.exemplo.com/midia/hls/' });
    assert.match(c, /server hls\.exemplo\.com:443;/);
    assert.match(c, /proxy_pass https:\/\/painel_origin\/midia\$uri\$painel_edge_query;/);
    assert.match(c, /proxy_pass https:\/\/painel_origin\/midia\/hls\/\$painel_fragment;/);
    assert.match(c, /proxy_ssl_verify on;/);
    assert.match(c, /proxy_ssl_name hls\.exemplo\.com;/);
    assert.match(c, /proxy_ssl_trusted_certificate \/etc\/ssl\/certs\/ca-certificates\.crt;/);
    assert.doesNotMatch(edgeConfig(base), /proxy_ssl/);
  });

  test('listen address, access log', () => {
    const listen = (bind: string) => /^\s+(listen .*)$/m.exec(edgeConfig({ ...base, bind }))![1];
    assert.equal(listen(''), 'listen 8080;');
    assert.equal(listen('0.0.0.0'), 'listen 8080;');
    assert.equal(listen('127.0.0.2'), 'listen 127.0.0.2:8080;');
    assert.equal(listen('::'), 'listen [::]:8080 ipv6only=off;');
    assert.equal(listen('2001:db8::5'), 'listen [2001:db8::5]:8080;');
    const c = edgeConfig({ ...base, accessLog: true });
    assert.match(c, /access_log \/srv\/edge\/logs\/access\.log painel_edge buffer=64k flush=2s;/);
    assert.match(c, /log_format painel_edge '.*\$upstream_cache_status.*';/);
  });

  test('refuses origins and values that are not plain', () => {
    for (const o of ['ftp://x', 'http://u:p@x', 'http://x/?a=1', 'http://x/#a', 'nada', 'http://x/a b', 'http://x/a;b']) {
      assert.throws(() => edgeConfig({ ...base, origin: o }), o);
    }
    assert.throws(() => edgeConfig({ ...base, dir: '/tmp/a b' }));
    assert.throws(() => edgeConfig({ ...base, dir: '/tmp/x; include /etc/passwd' }));
    assert.throws(() => edgeConfig({ ...base, port: 0 }));
    assert.throws(() => edgeConfig({ ...base, port: 70000 }));
    assert.throws(() => edgeConfig({ ...base, bind: 'servidor; x' }));
    assert.throws(() => edgeConfig({ ...base, user: { name: 'x;y', group: 'g' } }));
    assert.deepEqual(parseEdgeOrigin('http://[::1]:3002'), { scheme: 'http', host: '[::1]:3002', hostname: '::1', port: 3002, path: '' });
    assert.match(edgeConfig({ ...base, origin: 'http://[::1]:3002' }), /server \[::1\]:3002;/);
  });

  test('nginx accepts the configuration', { skip: nginxBin ? false : 'nginx não está instalado' }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-edge-conf-'));
    try {
      const configFile = path.join(dir, 'nginx.conf');
      for (const d of ['logs', 'tmp']) fs.mkdirSync(path.join(dir, d));
      for (const origin of ['http://127.0.0.1:3002/x', 'https://127.0.0.1:8443']) {
        fs.writeFileSync(configFile, edgeConfig({ ...base, origin, dir, accessLog: true }));
        const r = spawnSync(nginxBin!, ['-t', ...edgeArgs({ dir, configFile })], { encoding: 'utf8' });
        assert.equal(r.status, 0, `${origin}: ${r.stderr}`);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('edgeArgs gives prefix and config, startup errors on stderr', () => {
  assert.deepEqual(edgeArgs({ dir: '/srv/edge', configFile: '/srv/edge/nginx.conf' }), ['-p', '/srv/edge', '-c', '/srv/edge/nginx.conf', '-e', 'stderr']);
});
