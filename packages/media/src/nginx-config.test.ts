import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dropPublisherPath, nginxArgs, nginxConfig, type NginxOptions } from './nginx-config.ts';

const base: NginxOptions = {
  prefix: '/srv/painel/data/nginx',
  hlsDir: '/srv/painel/data/hls',
  rtmpPort: 1935,
  controlPort: 8089,
  hookBaseUrl: 'http://127.0.0.1:3001/api/rtmp/hook/abc123',
  rtmpModule: '/usr/lib/nginx/modules/ngx_rtmp_module.so',
};

describe('nginxConfig', () => {
  test('runs in the foreground with every path inside the prefix', () => {
    const c = nginxConfig(base);
    assert.match(c, /^load_module \/usr\/lib\/nginx\/modules\/ngx_rtmp_module\.so;$/m);
    assert.match(c, /^daemon off;$/m);
    assert.match(c, /^master_process on;$/m);
    assert.match(c, /^pid \/srv\/painel\/data\/nginx\/nginx\.pid;$/m);
    assert.match(c, /^error_log \/srv\/painel\/data\/nginx\/logs\/error\.log warn;$/m);
    for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) assert.ok(c.includes(`/srv/painel/data/nginx/tmp/${t};`), t);
    assert.doesNotMatch(c, /^user /m);
  });

  test('RTMP application live with publish callbacks and 2 s HLS fragments (cut at the keyframe past 1.6 s)', () => {
    const c = nginxConfig(base);
    assert.match(c, /listen 1935;/);
    assert.match(c, /application live \{/);
    assert.match(c, /on_publish http:\/\/127\.0\.0\.1:3001\/api\/rtmp\/hook\/abc123\/publish;/);
    assert.match(c, /on_publish_done http:\/\/127\.0\.0\.1:3001\/api\/rtmp\/hook\/abc123\/publish_done;/);
    assert.match(c, /hls_path \/srv\/painel\/data\/hls;/);
    assert.match(c, /hls_fragment 1600ms;/);
    assert.match(c, /hls_playlist_length 6s;/);
    assert.match(c, /deny play all;/);
  });

  test('stat and control listen on loopback only', () => {
    const c = nginxConfig(base);
    assert.match(c, /listen 127\.0\.0\.1:8089;/);
    assert.match(c, /location = \/stat \{ rtmp_stat all; \}/);
    assert.match(c, /location \/control \{ rtmp_control all; \}/);
  });

  test('user directive and custom fragment lengths when asked', () => {
    const c = nginxConfig({ ...base, user: { name: 'painel', group: 'painel' }, hlsFragmentSeconds: 1, hlsPlaylistSeconds: 4, rtmpModule: null });
    assert.match(c, /^user painel painel;$/m);
    assert.match(c, /hls_fragment 800ms;/);
    assert.match(c, /hls_playlist_length 4s;/);
    assert.doesNotMatch(c, /load_module/);
  });

  test('no public HTTP listener unless asked for one', () => {
    const c = nginxConfig(base);
    assert.doesNotMatch(c, /\/hls\//);
    assert.equal(c.match(/^\s*listen /gm)?.length, 2);
  });

  test('the HLS port serves only the fragment files, with the HLS headers, and passes playlists to the API', () => {
    const c = nginxConfig({ ...base, hlsHttp: { port: 3002, address: '0.0.0.0', apiUrl: 'http://127.0.0.1:3001' } });
    const server = c.slice(c.lastIndexOf('  server {'));
    assert.match(server, /^ {4}listen 3002;$/m);
    // a fragment name nginx writes, from the HLS directory, and nothing else of it
    assert.match(server, /location ~ "\^\/hls\/\(\[a-z0-9_\]\+-\[0-9\]\+\\\.ts\)\$" \{\n\s+alias \/srv\/painel\/data\/hls\/\$1;/);
    assert.match(server, /types \{ \}\n\s+default_type video\/mp2t;/);
    assert.match(server, /add_header Access-Control-Allow-Origin \* always;/);
    assert.match(server, /add_header Access-Control-Allow-Methods "GET, HEAD, OPTIONS" always;/);
    assert.match(server, /add_header Access-Control-Allow-Headers Range always;/);
    assert.match(server, /add_header Cache-Control \$painel_hls_cache;/);
    assert.match(c, /map \$request_method \$painel_hls_cache \{ OPTIONS ""; default "public, max-age=300"; \}/);
    assert.match(server, /if \(\$request_method = OPTIONS\) \{ return 204; \}/);
    // playlists: the API's, with the viewer's address written by nginx, never passed through from the client
    assert.match(server, /location ~ "\^\/hls\/\[a-z0-9_\]\+\\\.m3u8\$" \{\n\s+proxy_pass http:\/\/127\.0\.0\.1:3001;/);
    assert.match(server, /proxy_set_header X-Forwarded-For \$remote_addr;/);
    assert.match(server, /proxy_set_header X-Forwarded-Proto \$scheme;/);
    assert.match(server, /proxy_set_header X-Forwarded-Host "";/);
    assert.doesNotMatch(c, /proxy_add_x_forwarded_for|autoindex on/);
    assert.match(server, /location \/ \{ return 404; \}/);
    assert.match(c, /sendfile on;/);
  });

  test('the HLS port follows the bind address, and stays reachable on loopback for the node\'s own readers', () => {
    const listen = (address: string) => {
      const c = nginxConfig({ ...base, hlsHttp: { port: 3002, address, apiUrl: 'http://127.0.0.1:3001/' } });
      return c.slice(c.lastIndexOf('server {')).match(/^\s*listen .*$/gm)!.map((l) => l.trim());
    };
    assert.deepEqual(listen(''), ['listen 3002;']);
    assert.deepEqual(listen('127.0.0.1'), ['listen 127.0.0.1:3002;']);
    assert.deepEqual(listen('203.0.113.5'), ['listen 203.0.113.5:3002;', 'listen 127.0.0.1:3002;']);
    assert.deepEqual(listen('::'), ['listen [::]:3002 ipv6only=off;']);
    assert.deepEqual(listen('2001:db8::5'), ['listen [2001:db8::5]:3002;', 'listen 127.0.0.1:3002;']);
    // another loopback address (a second server on the machine) is not doubled on 127.0.0.1, which a neighbour may bind
    assert.deepEqual(listen('127.0.0.2'), ['listen 127.0.0.2:3002;']);
    // an API on the same outside address is called from loopback, so it believes nginx's X-Forwarded-For
    const bind = (address: string, apiUrl: string) => nginxConfig({ ...base, hlsHttp: { port: 3002, address, apiUrl } }).match(/^\s*proxy_bind .*$/gm)?.map((l) => l.trim()) ?? [];
    assert.deepEqual(bind('203.0.113.5', 'http://203.0.113.5:3001'), ['proxy_bind 127.0.0.1;']);
    assert.deepEqual(bind('2001:db8::5', 'http://[2001:db8::5]:3001'), ['proxy_bind ::1;']);
    assert.deepEqual(bind('127.0.0.2', 'http://127.0.0.2:3001'), []);
    assert.deepEqual(bind('', 'http://127.0.0.1:3001'), []);
    assert.deepEqual(bind('203.0.113.5', 'http://api.interna:3001'), []); // an API elsewhere is reached as before
    assert.throws(() => nginxConfig({ ...base, hlsHttp: { port: 3002, address: '1.2.3.4; include x', apiUrl: 'http://127.0.0.1:3001' } }));
    assert.throws(() => nginxConfig({ ...base, hlsHttp: { port: 0, address: '', apiUrl: 'http://127.0.0.1:3001' } }));
    assert.throws(() => nginxConfig({ ...base, hlsHttp: { port: 3002, address: '', apiUrl: 'https://127.0.0.1:3001' } }));
  });

  test('RTMP binds the bind address; readers of the machine may play from where they come', () => {
    const rtmp = (rtmpAddress: string | undefined) => {
      const c = nginxConfig({ ...base, rtmpAddress });
      const server = c.slice(c.indexOf('rtmp {'), c.indexOf('http {'));
      return { listen: server.match(/^\s*listen .*$/gm)!.map((l) => l.trim()), play: server.match(/^\s*(allow|deny) play .*$/gm)!.map((l) => l.trim()) };
    };
    assert.deepEqual(rtmp(undefined), { listen: ['listen 1935;'], play: ['allow play 127.0.0.1;', 'deny play all;'] });
    assert.deepEqual(rtmp('0.0.0.0').listen, ['listen 1935;']);
    assert.deepEqual(rtmp('::').listen, ['listen [::]:1935 ipv6only=off;']);
    // 127.0.0.x is reached from 127.0.0.1; an outside address from itself
    assert.deepEqual(rtmp('127.0.0.2'), { listen: ['listen 127.0.0.2:1935;'], play: ['allow play 127.0.0.1;', 'deny play all;'] });
    assert.deepEqual(rtmp('203.0.113.5'), { listen: ['listen 203.0.113.5:1935;'], play: ['allow play 127.0.0.1;', 'allow play 203.0.113.5;', 'deny play all;'] });
    assert.deepEqual(rtmp('[2001:db8::5]').listen, ['listen [2001:db8::5]:1935;']);
    assert.throws(() => nginxConfig({ ...base, rtmpAddress: '1.2.3.4; include x' }));
  });

  test('refuses values that could inject directives', () => {
    assert.throws(() => nginxConfig({ ...base, prefix: '/tmp/x; include /etc/passwd' }));
    assert.throws(() => nginxConfig({ ...base, hlsDir: '/tmp/a b' }));
    assert.throws(() => nginxConfig({ ...base, hookBaseUrl: 'https://exemplo.com/hook' }));
    assert.throws(() => nginxConfig({ ...base, rtmpPort: 70000 }));
    assert.throws(() => nginxConfig({ ...base, user: { name: 'x;y', group: 'g' } }));
  });
});

test('nginxArgs gives prefix, config and early error log', () => {
  assert.deepEqual(nginxArgs({ prefix: '/d/nginx', configFile: '/d/nginx/nginx.conf' }), [
    '-p', '/d/nginx', '-c', '/d/nginx/nginx.conf', '-e', '/d/nginx/logs/error.log',
  ]);
});

test('dropPublisherPath encodes the stream name', () => {
  assert.equal(dropPublisherPath('live', 'demo_live'), '/control/drop/publisher?app=live&name=demo_live');
  assert.equal(dropPublisherPath('live', 'a&b'), '/control/drop/publisher?app=live&name=a%26b');
});
