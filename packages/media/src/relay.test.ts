import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  HLS_STALL_RELOADS, createReplayGate, readRelayProbe, relayArgs, relayProbeArgs, relaySourcePosition, unsupportedCodec,
} from './relay.ts';

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

test('relay argv from HLS: read as a playlist, a playlist that stops advancing ends the run, the start time logged', () => {
  const a = relayArgs({ source: 'https://cdn.exemplo.com/live/index.m3u8', destination: DEST });
  const i = a.indexOf('-i');
  assert.ok(a.indexOf('-m3u8_hold_counters') >= 0 && a.indexOf('-m3u8_hold_counters') < i);
  assert.equal(a[a.indexOf('-m3u8_hold_counters') + 1], String(HLS_STALL_RELOADS));
  assert.deepEqual(a.slice(a.indexOf('-f'), a.indexOf('-f') + 2), ['-f', 'hls']);
  assert.ok(a.indexOf('-f') < i);
  assert.equal(a[a.indexOf('-loglevel') + 1], 'info');
  assert.ok(a.includes('-nostats'));
  // the probe reads the source as the relay will
  const p = relayProbeArgs('https://cdn.exemplo.com/live/index.m3u8');
  assert.deepEqual(p.slice(p.indexOf('-f'), p.indexOf('-f') + 2), ['-f', 'hls']);
  // an RTMP source: none of it
  const r = relayArgs({ source: 'rtmp://origem.exemplo.com/app/chave', destination: DEST });
  assert.ok(!r.includes('-m3u8_hold_counters') && !r.slice(0, r.indexOf('-i')).includes('-f'));
  assert.equal(r[r.indexOf('-loglevel') + 1], 'error');
});

/** ffmpeg's lines of one run of an HLS relay: the input's start, then a progress block a second. */
function run(start: number | null, blocks: [outSeconds: number, size: number][]): string[] {
  return [
    "Input #0, hls, from 'https://cdn.exemplo.com/…':",
    start === null ? '  Duration: N/A, bitrate: N/A' : `  Duration: N/A, start: ${start.toFixed(6)}, bitrate: N/A`,
    ...blocks.flatMap(([t, size]) => ['frame=25', `total_size=${size}`, `out_time_us=${Math.round(t * 1e6)}`, `out_time=00:00:0${t}`, 'progress=continue']),
  ];
}
const judged = (gate: ReturnType<typeof createReplayGate>, lines: string[]) => {
  const judge = gate.run();
  let size = 0;
  return lines.map((l) => {
    const m = /^total_size=(\d+)$/.exec(l);
    const grew = !!m && Number(m[1]) > size;
    if (m) size = Number(m[1]);
    return judge(l, grew);
  }).filter(Boolean).length;
};

test('source position: the input start plus the output time, at each progress block', () => {
  const where = relaySourcePosition();
  const out = run(297.410667, [[1, 9000], [2, 20000]]).map(where).filter((x) => x !== null);
  assert.deepEqual(out.map((x) => x!.position!.toFixed(2)), ['298.41', '299.41']);
  assert.deepEqual(run(null, [[1, 9000]]).map(relaySourcePosition()).filter((x) => x !== null), [{ start: null, position: null }]);
  // a recording has a duration: it starts over at each run, nothing to judge
  const vod = run(null, [[1, 9000]]).map((l) => l.replace('Duration: N/A, bitrate', 'Duration: 00:05:00.00, start: 1.400000, bitrate'));
  assert.deepEqual(vod.map(relaySourcePosition()).filter((x) => x !== null), [{ start: null, position: null }]);
});

test('replay gate: a run that only replays what was relayed is not on air; new media, or timestamps gone back, are', () => {
  const gate = createReplayGate();
  // the first run: on air at each block that grew
  assert.equal(judged(gate, run(100, [[1, 9000], [2, 20000], [3, 30000], [4, 30000]])), 3);
  // the playlist stopped: the next run reads its last seconds again
  assert.equal(judged(gate, run(101, [[1, 9000], [2, 20000], [3, 30000]])), 0);
  assert.equal(judged(gate, run(101, [[1, 9000], [2, 20000], [3, 30000]])), 0);
  // the source goes on: once past what was relayed (103 s, with slack), on air
  assert.equal(judged(gate, run(101, [[1, 9000], [2, 20000], [3, 30000], [4, 40000], [5, 50000], [6, 60000]])), 2);
  // the source's encoder restarted: its timestamps begin again
  assert.equal(judged(gate, run(1.4, [[1, 9000], [2, 20000]])), 2);
  // no start time named: output is all there is
  const other = createReplayGate();
  assert.equal(judged(other, run(null, [[1, 9000], [2, 20000]])), 2);
  assert.equal(judged(other, run(null, [[1, 9000], [2, 20000]])), 2);
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
