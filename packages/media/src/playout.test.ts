import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LIST_ENTRIES, SLOTS, concatList, playableFacts, playoutArgs, slotName } from './playout.ts';

test('the list names the slots over and over, the first resumed from its inpoint', () => {
  const l = concatList(12.5).split('\n');
  assert.equal(l[0], 'ffconcat version 1.0');
  assert.equal(l[1], 'file slot-00.mp4');
  assert.equal(l[2], 'inpoint 12.500');
  const files = l.filter((x) => x.startsWith('file '));
  assert.equal(files.length, LIST_ENTRIES);
  assert.equal(files[SLOTS], 'file slot-00.mp4');
  assert.ok(!concatList(0).includes('inpoint'));
  assert.equal(slotName(SLOTS + 3), slotName(3));
});

test('the playout publishes only to the local nginx, copying, in real time, reading the list once (no -stream_loop)', () => {
  const a = playoutArgs({ list: '/d/list.ffconcat', destination: 'rtmp://127.0.0.1:1935/live/ana_live?playout=1.x' });
  assert.deepEqual(a.slice(a.indexOf('-re'), a.indexOf('-re') + 10), ['-re', '-f', 'concat', '-safe', '1', '-i', '/d/list.ffconcat', '-map', '0:v:0', '-map']);
  assert.ok(a.includes('copy'));
  assert.equal(a.at(-2), '--');
  assert.throws(() => playoutArgs({ list: 'x', destination: 'rtmp://example.com/live/x' }));
  // a server bound to its own address (BIND_ADDRESS) publishes to its nginx there, and only there
  assert.ok(playoutArgs({ list: 'x', destination: 'rtmp://127.0.0.3:1935/live/ana_live?playout=1.x', localHost: '127.0.0.3' }).length > 0);
  assert.throws(() => playoutArgs({ list: 'x', destination: 'rtmp://127.0.0.1:1935/live/ana_live', localHost: '127.0.0.3' }));
  assert.throws(() => playoutArgs({ list: 'x', destination: 'rtmp://127.0.0.3.exemplo.com:1935/live/x', localHost: '127.0.0.3' }));
});

test('facts: a file without video or duration is not playable; the key separates formats', () => {
  const probe = (w: number, hash: string) => JSON.stringify({
    streams: [
      { codec_type: 'video', codec_name: 'h264', width: w, height: 360, pix_fmt: 'yuv420p', extradata_hash: hash },
      { codec_type: 'audio', codec_name: 'aac', sample_rate: '44100', channels: 2, extradata_hash: 'CRC32:1' },
    ],
    format: { duration: '4.0' },
  });
  const a = playableFacts(probe(640, 'CRC32:a'))!;
  assert.equal(a.duration, 4);
  assert.equal(playableFacts(probe(640, 'CRC32:a'))!.format, a.format);
  assert.notEqual(playableFacts(probe(1280, 'CRC32:a'))!.format, a.format);
  assert.notEqual(playableFacts(probe(640, 'CRC32:b'))!.format, a.format);
  assert.equal(playableFacts(JSON.stringify({ streams: [{ codec_type: 'audio' }], format: { duration: '3' } })), null);
  assert.equal(playableFacts('not json'), null);
});
