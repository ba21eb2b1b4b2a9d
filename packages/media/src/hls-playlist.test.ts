import assert from 'node:assert/strict';
import { test } from 'node:test';
import { playlistSince } from './hls-playlist.ts';

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
