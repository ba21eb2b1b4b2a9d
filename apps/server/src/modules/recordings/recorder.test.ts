import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { firstFragmentSince, recorderArgs, trimToWholeFragments } from './recorder.ts';
import { recordingName } from './recordings.worker.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-recorder-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const box = (type: string, size: number) => {
  const b = Buffer.alloc(size);
  b.writeUInt32BE(size, 0);
  b.write(type, 4, 'latin1');
  return b;
};

test('a part cut mid-fragment goes back to its last whole fragment; a whole one is left alone', async () => {
  const whole = Buffer.concat([box('ftyp', 24), box('moov', 100), box('moof', 40), box('mdat', 500), box('moof', 40), box('mdat', 300)]);
  const a = path.join(dir, 'whole.mp4');
  fs.writeFileSync(a, whole);
  assert.equal(await trimToWholeFragments(a), 0);
  assert.equal(fs.statSync(a).size, whole.length);

  // killed while writing the second fragment's media: that fragment (moof and the partial mdat) goes
  const b = path.join(dir, 'cut-mdat.mp4');
  fs.writeFileSync(b, whole.subarray(0, whole.length - 120));
  assert.equal(await trimToWholeFragments(b), whole.length - 120 - 664);
  assert.equal(fs.statSync(b).size, 664);

  // killed right after a moof: the moof alone goes
  const c = path.join(dir, 'cut-moof.mp4');
  fs.writeFileSync(c, whole.subarray(0, 664 + 40));
  await trimToWholeFragments(c);
  assert.equal(fs.statSync(c).size, 664);
});

test('a broadcast starts at its first fragment opened after the publish, though nginx goes on with the old playlist', () => {
  const playlist = [
    '#EXTM3U', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-DISCONTINUITY',
    '#EXTINF:2.000,', 'ana_live-1000.ts', '#EXTINF:2.000,', 'ana_live-3000.ts',
    '#EXT-X-DISCONTINUITY', '#EXTINF:2.000,', 'ana_live-9000.ts', '#EXTINF:2.000,', 'ana_live-11000.ts', '',
  ].join('\n');
  assert.equal(firstFragmentSince(playlist, 0), 0);
  assert.equal(firstFragmentSince(playlist, 8500), 2);
  assert.equal(firstFragmentSince(playlist, 20_000), -1);
  assert.equal(firstFragmentSince('', 0), -1);
  // within the clock margin: this publish's own first fragment (it begins a publisher) …
  assert.equal(firstFragmentSince(playlist, 9300, 500), 2);
  // … never the previous broadcast's last one, opened just before the publish
  const reconnected = [
    '#EXTM3U', '#EXT-X-MEDIA-SEQUENCE:0', '#EXTINF:2.000,', 'ana_live-1000.ts', '#EXTINF:0.400,', 'ana_live-3600.ts',
    '#EXT-X-DISCONTINUITY', '#EXTINF:2.000,', 'ana_live-4010.ts', '',
  ].join('\n');
  assert.equal(firstFragmentSince(reconnected, 4000, 500), 2);
  // and before the new one is listed, nothing yet (not the old one)
  assert.equal(firstFragmentSince(reconnected.split('#EXT-X-DISCONTINUITY')[0]!, 4000, 500), -1);
});

test('the recorder copies without re-encoding into a fragmented MP4, reading only local files', () => {
  const args = recorderArgs({ playlist: '/data/hls/ana_live.m3u8', output: '/data/rec/current.mp4', startIndex: 2 });
  assert.deepEqual(args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-protocol_whitelist') + 2), ['-protocol_whitelist', 'file']);
  assert.equal(args[args.indexOf('-live_start_index') + 1], '2');
  assert.equal(args[args.indexOf('-c') + 1], 'copy');
  assert.match(args[args.indexOf('-movflags') + 1]!, /frag_keyframe.*empty_moov/);
  assert.deepEqual(args.slice(-2), ['--', '/data/rec/current.mp4']);
});

test('the name: title and start in the account zone, a valid library name', () => {
  assert.equal(recordingName('Culto: domingo', '2026-11-22T13:05:00.000Z', 'America/Sao_Paulo'), 'Culto: domingo 22-11-2026 10h05.mp4');
  assert.equal(recordingName('a/b\\c', '2026-11-22T13:05:00.000Z', 'UTC'), 'a-b-c 22-11-2026 13h05.mp4');
  assert.equal(recordingName('   ', '2026-11-22T13:05:00.000Z', 'UTC'), 'Gravação 22-11-2026 13h05.mp4');
  assert.ok(recordingName('x'.repeat(400), '2026-11-22T13:05:00.000Z', 'UTC').length <= 255);
});
