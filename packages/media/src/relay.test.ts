import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readRelayProbe, relayArgs, relayProbeArgs, unsupportedCodec } from './relay.ts';

const DEST = 'rtmp://127.0.0.1:1935/live/anatv_live?relay=12.abcdef';
const lists = (a: string[]) => a.flatMap((x, i) => (x === '-protocol_whitelist' ? [a[i + 1]] : []));

test('relay argv from RTMP: picture copied, sound to AAC, live pace from the source, the destination after --', () => {
  const src = 'rtmp://origem.exemplo.com/app/chave';
  const a = relayArgs({ source: src, destination: DEST, ioTimeoutSeconds: 5 });
  assert.equal(a[a.indexOf('-i') + 1], src);
  assert.deepEqual(a.slice(a.indexOf('-c:v'), a.indexOf('-c:v') + 4), ['-c:v', 'copy', '-c:a', 'aac']);
  assert.ok(!a.includes('-re'), 'an RTMP source paces itself');
  assert.ok(!a.includes('-reconnect'));
  assert.deepEqual(lists(a), ['rtmp,tcp', 'rtmp,tcp']);
  assert.equal(a.filter((x) => x === '-rw_timeout').length, 2);
  assert.equal(a[a.indexOf('-rw_timeout') + 1], '5000000');
  assert.deepEqual(a.slice(-2), ['--', DEST]);
  assert.deepEqual(a.slice(a.indexOf('-progress'), a.indexOf('-progress') + 2), ['-progress', 'pipe:1']);
  // input options come before -i, so they apply to the source
  assert.ok(a.indexOf('-protocol_whitelist') < a.indexOf('-i'));
});

test('relay argv from HLS: read at its own pace, playlist reconnects, segments only over the same transport', () => {
  const src = 'https://cdn.exemplo.com/live/index.m3u8';
  const a = relayArgs({ source: src, destination: DEST });
  assert.ok(a.indexOf('-re') >= 0 && a.indexOf('-re') < a.indexOf('-i'));
  assert.equal(a[a.indexOf('-reconnect') + 1], '1');
  assert.deepEqual(lists(a), ['https,tls,tcp,crypto,httpproxy', 'rtmp,tcp']);
  assert.ok(!lists(a)[0]!.split(',').includes('http'), 'an https playlist cannot send ffmpeg to a plain-http address');
  assert.deepEqual(lists(relayArgs({ source: 'http://127.0.0.1:8080/x.m3u8', destination: DEST })), ['http,tcp,crypto', 'rtmp,tcp']);
  assert.deepEqual(lists(relayArgs({ source: 'rtmps://origem.exemplo.com/app/k', destination: DEST })), ['rtmps,tls,tcp,httpproxy', 'rtmp,tcp']);
});

test('relay argv refuses what ffmpeg should never open, and any destination but the local nginx', () => {
  for (const source of ['file:///etc/passwd', 'concat:/etc/passwd|/etc/shadow', 'data:,x', 'ftp://x/y.m3u8', '-y', 'subfile,,start,0,end,0,,:/etc/passwd']) {
    assert.throws(() => relayArgs({ source, destination: DEST }), source);
    assert.throws(() => relayProbeArgs(source), source);
  }
  assert.throws(() => relayArgs({ source: 'rtmp://a/b/c', destination: 'rtmp://outro.exemplo.com/live/x' }));
  assert.throws(() => relayArgs({ source: 'rtmp://a/b/c', destination: 'file:///tmp/x.flv' }));
});

test('probe argv: the same limits as the relay, JSON of the streams, the source after --', () => {
  const a = relayProbeArgs('https://cdn.exemplo.com/live/index.m3u8', 4);
  assert.deepEqual(lists(a), ['https,tls,tcp,crypto,httpproxy']);
  assert.equal(a[a.indexOf('-rw_timeout') + 1], '4000000');
  assert.deepEqual(a.slice(-2), ['--', 'https://cdn.exemplo.com/live/index.m3u8']);
  assert.ok(a.includes('json'));
});

test('probe reading: codecs of the first picture and sound; nothing on air is null', () => {
  const json = JSON.stringify({ streams: [{ codec_type: 'data', codec_name: 'timed_id3' }, { codec_type: 'audio', codec_name: 'ac3' }, { codec_type: 'video', codec_name: 'h264' }, { codec_type: 'video', codec_name: 'hevc' }] });
  assert.deepEqual(readRelayProbe(json), { video: 'h264', audio: 'ac3' });
  assert.deepEqual(readRelayProbe(JSON.stringify({ streams: [{ codec_type: 'audio', codec_name: 'aac' }] })), { video: null, audio: 'aac' });
  assert.equal(readRelayProbe('{"streams":[]}'), null);
  assert.equal(readRelayProbe('{}'), null);
  assert.equal(readRelayProbe('not json'), null);
});

test('a run FLV could not take names the codec; other endings do not', () => {
  assert.equal(unsupportedCodec(['[flv @ 0x1] Video codec hevc not compatible with flv', 'Could not write header for output file #0']), 'hevc');
  assert.equal(unsupportedCodec(['rtmp://x: Connection refused']), null);
});
