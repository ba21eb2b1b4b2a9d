import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ffprobeArgs, readProbe, verdict } from './probe.ts';

const stream = (o: Record<string, unknown>) => ({ disposition: { attached_pic: 0 }, ...o });
const h264 = stream({ codec_type: 'video', codec_name: 'h264', pix_fmt: 'yuv420p', width: 1280, height: 720, bit_rate: '1800000' });
const aac = stream({ codec_type: 'audio', codec_name: 'aac', bit_rate: '128000' });
const mp4Format = { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '62.48', bit_rate: '1930000', tags: { major_brand: 'isom' } };

describe('ffprobe output → video facts', () => {
  test('argv never goes through a shell and ends options before the file', () => {
    assert.deepEqual(ffprobeArgs('-x.mp4').slice(-2), ['--', '-x.mp4']);
  });

  test('only local files and video demuxers are opened: playlists and concat lists are refused', () => {
    const args = ffprobeArgs('a.mp4');
    assert.equal(args[args.indexOf('-protocol_whitelist') + 1], 'file');
    const formats = args[args.indexOf('-format_whitelist') + 1]!.split(',');
    assert.ok(formats.includes('mov') && formats.includes('matroska') && formats.includes('avi'));
    for (const other of ['hls', 'concat', 'image2', 'lavfi']) assert.equal(formats.includes(other), false, other);
    const v = [stream({ codec_type: 'video', codec_name: 'h264' })];
    assert.equal(readProbe({ format: { format_name: 'hls' }, streams: v }), null);
    assert.equal(readProbe({ format: { format_name: 'concat' }, streams: v }), null);
  });

  test('an MP4 with H.264 and AAC', () => {
    const f = readProbe({ format: mp4Format, streams: [h264, aac] });
    assert.deepEqual(f, {
      container: 'mp4', isMp4: true, videoCodec: 'h264', audioCodec: 'aac', pixFmt: 'yuv420p',
      width: 1280, height: 720, durationS: 62, bitrateKbps: 1800,
    });
  });

  test('QuickTime brand is MOV, not MP4', () => {
    const f = readProbe({ format: { ...mp4Format, tags: { major_brand: 'qt  ' } }, streams: [h264] });
    assert.equal(f?.container, 'mov');
    assert.equal(f?.isMp4, false);
  });

  test('Matroska without a per-stream rate: container rate minus audio', () => {
    const f = readProbe({
      format: { format_name: 'matroska,webm', duration: '10.0', bit_rate: '2128000' },
      streams: [stream({ codec_type: 'video', codec_name: 'h264', pix_fmt: 'yuv420p' }), aac],
    });
    assert.equal(f?.container, 'mkv');
    assert.equal(f?.bitrateKbps, 2000);
    const webm = readProbe({ format: { format_name: 'matroska,webm', duration: '1' }, streams: [stream({ codec_type: 'video', codec_name: 'vp9' })] });
    assert.equal(webm?.container, 'webm');
  });

  test('AVI, WMV, MPEG-TS names', () => {
    const v = [stream({ codec_type: 'video', codec_name: 'mpeg4' })];
    assert.equal(readProbe({ format: { format_name: 'avi' }, streams: v })?.container, 'avi');
    assert.equal(readProbe({ format: { format_name: 'asf' }, streams: v })?.container, 'wmv');
    assert.equal(readProbe({ format: { format_name: 'mpegts' }, streams: v })?.container, 'ts');
  });

  test('not videos: audio only, pictures, cover art only, text, nothing', () => {
    assert.equal(readProbe({ format: { format_name: 'mp3' }, streams: [stream({ codec_type: 'audio', codec_name: 'mp3' })] }), null);
    assert.equal(readProbe({ format: { format_name: 'png_pipe' }, streams: [stream({ codec_type: 'video', codec_name: 'png' })] }), null);
    assert.equal(readProbe({ format: { format_name: 'image2' }, streams: [stream({ codec_type: 'video', codec_name: 'mjpeg' })] }), null);
    assert.equal(readProbe({ format: { format_name: 'tty' }, streams: [stream({ codec_type: 'video', codec_name: 'ansi' })] }), null);
    const coverOnly = stream({ codec_type: 'video', codec_name: 'mjpeg', disposition: { attached_pic: 1 } });
    assert.equal(readProbe({ format: { format_name: 'mp3' }, streams: [coverOnly, stream({ codec_type: 'audio', codec_name: 'mp3' })] }), null);
    assert.equal(readProbe({}), null);
    assert.equal(readProbe(null), null);
  });
});

describe('compatibility verdict', () => {
  const base = { isMp4: true, container: 'mp4', videoCodec: 'h264', audioCodec: 'aac', pixFmt: 'yuv420p', bitrateKbps: 2000 };

  test('MP4 + H.264 + AAC within the plan is compatible; no audio and unknown bitrate too', () => {
    assert.deepEqual(verdict(base, 2500), { compatible: true, exceedsLimit: false, reasons: [] });
    assert.equal(verdict({ ...base, audioCodec: null, bitrateKbps: 0 }, 2500).compatible, true);
    assert.equal(verdict({ ...base, bitrateKbps: 2500 }, 2500).compatible, true);
  });

  test('each problem is a reason', () => {
    const v = verdict({ isMp4: false, container: 'avi', videoCodec: 'mpeg4', audioCodec: 'mp3', pixFmt: 'yuv420p', bitrateKbps: 3000 }, 2500);
    assert.equal(v.compatible, false);
    assert.equal(v.exceedsLimit, true);
    assert.deepEqual(v.reasons, [
      { kind: 'container', container: 'avi' },
      { kind: 'videoCodec', codec: 'mpeg4' },
      { kind: 'audioCodec', codec: 'mp3' },
      { kind: 'bitrate', kbps: 3000, limit: 2500 },
    ]);
  });

  test('H.264 the browsers cannot decode (4:4:4, 10-bit) needs conversion', () => {
    assert.deepEqual(verdict({ ...base, pixFmt: 'yuv444p' }, 2500).reasons, [{ kind: 'pixFmt', pixFmt: 'yuv444p' }]);
    assert.equal(verdict({ ...base, pixFmt: 'yuv420p10le' }, 2500).compatible, false);
  });
});
