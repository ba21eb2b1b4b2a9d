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
