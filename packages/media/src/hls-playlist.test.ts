import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hlsLeftovers, playlistSince, withFragmentBase } from './hls-playlist.ts';

const playlist = (names: string[], seq = 0) => [
  '#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-MEDIA-SEQUENCE:${seq}`, '#EXT-X-TARGETDURATION:2',
  ...names.flatMap((n) => ['#EXTINF:2.000,', n]), '',
].join('\n');

test('a playlist of this broadcast is served as nginx wrote it', () => {
  const text = playlist(['demo_live-1795472388423.ts', 'demo_live-1795472390423.ts'], 4);
  assert.equal(playlistSince(text, 1795472388000), text);
});

test('fragments of the previous broadcast are dropped and the media sequence moves on', () => {
  const text = playlist(['demo_live-1795472300000.ts', 'demo_live-1795472388423.ts'], 7);
  assert.equal(playlistSince(text, 1795472388000), playlist(['demo_live-1795472388423.ts'], 8));
});

test('nothing of this broadcast yet: no playlist', () => {
  assert.equal(playlistSince(playlist(['demo_live-1795472300000.ts']), 1795472388000), null);
  assert.equal(playlistSince('#EXTM3U\n', 1795472388000), null);
});

test('a fragment goes only once no playlist lists it and a player had time to fetch it', () => {
  const now = 1_795_472_400_000;
  const listed = 'demo_live-1795472300000.ts';
  const files = [
    // listed, though older than any age nginx would keep: a 10-s keyframe interval makes long fragments
    { name: listed, mtimeMs: now - 10 * 60_000 },
    { name: 'demo_live-1795472100000.ts', mtimeMs: now - 2 * 60_000 },
    { name: 'demo_live-1795472390000.ts', mtimeMs: now - 5_000 },
    { name: 'demo_live.m3u8', mtimeMs: now - 8_000 },
    { name: 'gone_live.m3u8', mtimeMs: now - 6 * 60_000 },
  ];
  const playlists = new Map([['demo_live', playlist([listed])]]);
  assert.deepEqual(hlsLeftovers(files, playlists, now), ['demo_live-1795472100000.ts', 'gone_live.m3u8']);
});

test('fragments listed at the HLS port: only the names nginx writes, tags untouched', () => {
  const text = playlist(['demo_live-1795472388423.ts', 'demo_live-1795472390423.ts'], 4);
  const out = withFragmentBase(text, 'http://tv.exemplo.com.br:3002/hls/');
  assert.deepEqual(out.split('\n').filter((l) => l && !l.startsWith('#')), [
    'http://tv.exemplo.com.br:3002/hls/demo_live-1795472388423.ts', 'http://tv.exemplo.com.br:3002/hls/demo_live-1795472390423.ts',
  ]);
  assert.equal(out.replace(/http:\/\/tv\.exemplo\.com\.br:3002\/hls\//g, ''), text);
  assert.equal(withFragmentBase('#EXTM3U\n#EXTINF:2.000,\n../x.ts\nhttp://a/b-1.ts\n', 'http://h:1/hls/'), '#EXTM3U\n#EXTINF:2.000,\n../x.ts\nhttp://a/b-1.ts\n');
});
