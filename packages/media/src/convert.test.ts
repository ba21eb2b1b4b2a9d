import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  CONVERSION_PRESETS, aboveSource, conversionArgs, conversionCommand, conversionVerified, createProgressReader, expectedBytes, fitFrame, parseFrame,
  presetOffers, resultMayReplace,
} from './convert.ts';
import type { ProbeFacts } from './probe.ts';

const plan = { input: '/data/storage/ana/Aulas/0123456789abcdef01234567.avi', output: '/data/storage/.jobs/7/convertido.mp4', videoKbps: 1500, box: { width: 1280, height: 720 } };
const after = (a: string[], flag: string) => a[a.indexOf(flag) + 1];

describe('conversion quality table', () => {
  test('baixa 480p at 800, media 720p at 1500, alta 1080p at 2500: the thresholds of the spec', () => {
    assert.deepEqual(CONVERSION_PRESETS.baixa, { kbps: 800, width: 854, height: 480 });
    assert.deepEqual(CONVERSION_PRESETS.media, { kbps: 1500, width: 1280, height: 720 });
    assert.deepEqual(CONVERSION_PRESETS.alta, { kbps: 2500, width: 1920, height: 1080 });
  });

  test('resolutions are read only in the WxH form', () => {
    assert.deepEqual(parseFrame('1920x1080'), { width: 1920, height: 1080 });
    for (const bad of ['1920X1080', '1920x', 'x1080', '1920x1080;rm', '', '1e3x720']) assert.equal(parseFrame(bad), null, bad);
  });

  test('the output frame keeps the aspect, fits the box and is never larger than the source', () => {
    assert.deepEqual(fitFrame({ width: 1920, height: 1080 }, { width: 1280, height: 720 }), { width: 1280, height: 720 });
    assert.deepEqual(fitFrame({ width: 640, height: 360 }, { width: 1920, height: 1080 }), { width: 640, height: 360 }, 'no upscale');
    assert.deepEqual(fitFrame({ width: 1080, height: 1920 }, { width: 1280, height: 720 }), { width: 404, height: 720 }, 'portrait');
    assert.deepEqual(fitFrame({ width: 1440, height: 1080 }, { width: 1280, height: 720 }), { width: 960, height: 720 }, '4:3');
    assert.deepEqual(fitFrame({ width: 1920, height: 1080 }, { width: 854, height: 480 }), { width: 852, height: 480 }, 'even sides');
    assert.deepEqual(fitFrame({ width: 2560, height: 1080 }, { width: 1280, height: 720 }), { width: 1280, height: 540 }, 'ultra-wide');
  });

  test('the expected size is (video + audio) × duration with a margin', () => {
    // (1500 + 128) kbps × 10 s = 2 035 000 bytes, + 10 %
    assert.equal(expectedBytes(1500, 10), 2_238_500);
    assert.ok(expectedBytes(800, 0) > 0, 'an unknown duration still reserves a second');
  });
});

describe('which qualities a video is offered', () => {
  /** quality → offered frame, or why not */
  const offered = (kbps: number, width: number, height: number, plan = 2500) =>
    Object.fromEntries(presetOffers({ kbps, width, height }, plan).map((o) => [o.quality, o.refused ?? `${o.frame.width}x${o.frame.height}`]));

  test('a heavy 1080p video is offered all three, each in its own frame', () => {
    assert.deepEqual(offered(8000, 1920, 1080), { baixa: '852x480', media: '1280x720', alta: '1920x1080' });
  });

  test('a quality above the video\'s own bitrate is not offered, whatever its frame', () => {
    // 1080p at 1200 kbps: 720p at 1500 would be a smaller picture in a bigger file
    assert.deepEqual(offered(1200, 1920, 1080), { baixa: '852x480', media: 'source', alta: 'source' });
    assert.deepEqual(offered(600, 640, 360), { baixa: 'source', media: 'source', alta: 'source' });
    // at the video's own bitrate it is offered; a larger frame gives the video's own (never scaled up)
    assert.deepEqual(offered(1500, 640, 360), { baixa: '640x360', media: '640x360', alta: 'source' });
  });

  test('the plan is named first; an unknown bitrate (0) limits nothing', () => {
    assert.deepEqual(offered(1200, 1920, 1080, 1000), { baixa: '852x480', media: 'plan', alta: 'plan' });
    assert.deepEqual(offered(0, 1280, 720), { baixa: '852x480', media: '1280x720', alta: '1280x720' });
    assert.equal(aboveSource(2500, 0), false);
    assert.equal(aboveSource(801, 800), true);
    assert.equal(aboveSource(800, 800), false);
  });
});

describe('whether a result may replace the original', () => {
  const r = { resultBytes: 1_000_000, sourceBytes: 2_000_000, targetKbps: 800, sourceKbps: 2000 };

  test('a result not larger than the original replaces it', () => {
    assert.equal(resultMayReplace(r), true);
    assert.equal(resultMayReplace({ ...r, resultBytes: 2_000_000 }), true, 'the same size');
  });

  test('larger although it aimed at no more than the source: it does not', () => {
    assert.equal(resultMayReplace({ ...r, resultBytes: 2_000_001 }), false);
    assert.equal(resultMayReplace({ ...r, resultBytes: 2_100_000, targetKbps: 2000 }), false, 'at the source\'s own bitrate');
    assert.equal(resultMayReplace({ ...r, resultBytes: 2_100_000, sourceKbps: 0 }), false, 'unknown source bitrate: kept on the safe side');
  });

  test('larger because a higher bitrate than the source\'s was asked: it does (bigger was the request)', () => {
    assert.equal(resultMayReplace({ ...r, resultBytes: 2_100_000, targetKbps: 2500 }), true);
  });
});

describe('conversion argv', () => {
  test('H.264/AAC MP4 aiming below the bitrate, capped at it each second, faststart, progress on stdout', () => {
    const a = conversionArgs(plan);
    assert.equal(after(a, '-c:v'), 'libx264');
    assert.equal(after(a, '-preset'), 'veryfast');
    assert.equal(after(a, '-pix_fmt'), 'yuv420p');
    // the measured rate must come out within what was asked (the plan's limit): 92 % aim, 1 s VBV at the bitrate
    assert.equal(after(a, '-b:v'), '1380k');
    assert.equal(after(a, '-maxrate'), '1500k');
    assert.equal(after(a, '-bufsize'), '1500k');
    assert.equal(after(a, '-c:a'), 'aac');
    assert.equal(after(a, '-b:a'), '128k');
    assert.equal(after(a, '-movflags'), '+faststart');
    assert.equal(after(a, '-f'), 'mp4');
    assert.equal(after(a, '-progress'), 'pipe:1');
    assert.ok(a.includes('-nostats') && a.includes('-nostdin'));
    assert.deepEqual(a.slice(-2), ['--', plan.output]);
    // the first audio stream when there is one; a silent video converts too
    assert.deepEqual(a.filter((x, i) => a[i - 1] === '-map'), ['0:v:0', '0:a:0?']);
  });

  test('scaled inside the box, never up, even sides', () => {
    assert.equal(
      after(conversionArgs(plan), '-vf'),
      "scale=w='min(1280,iw)':h='min(720,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2",
    );
  });

  test('the input is a local file read by a known video demuxer only', () => {
    const a = conversionArgs(plan);
    assert.equal(after(a, '-protocol_whitelist'), 'file');
    assert.ok(a.indexOf('-protocol_whitelist') < a.indexOf('-i'));
    const demuxers = after(a, '-format_whitelist')!.split(',');
    assert.ok(demuxers.includes('avi') && demuxers.includes('matroska'));
    for (const other of ['hls', 'concat', 'lavfi', 'image2']) assert.equal(demuxers.includes(other), false, other);
    assert.equal(after(a, '-i'), plan.input);
  });

  test('refuses relative paths and bitrates that are not whole kbps', () => {
    assert.throws(() => conversionArgs({ ...plan, input: 'http:x.mp4' }));
    assert.throws(() => conversionArgs({ ...plan, output: 'out.mp4' }));
    assert.throws(() => conversionArgs({ ...plan, videoKbps: 0 }));
    assert.throws(() => conversionArgs({ ...plan, videoKbps: 1500.5 }));
  });

  test('the worker runs it under nice, with ffmpeg as configured', () => {
    const c = conversionCommand('/opt/ffmpeg/bin/ffmpeg', plan);
    assert.equal(c.cmd, 'nice');
    assert.deepEqual(c.args.slice(0, 3), ['-n', '10', '/opt/ffmpeg/bin/ffmpeg']);
    assert.deepEqual(c.args.slice(3), conversionArgs(plan));
  });
});

describe('-progress reader', () => {
  const block = (us: number | string, size: number, progress = 'continue') =>
    ['frame=50', 'fps=25.0', 'bitrate=1500.0kbits/s', `total_size=${size}`, `out_time_us=${us}`, `out_time_ms=${us}`, 'speed=1.5x', `progress=${progress}`];

  test('one figure per block: seconds, bytes, percent of the source, speed', () => {
    const read = createProgressReader(10);
    const ticks = [...block(2_500_000, 400_000), ...block(5_000_000, 900_000)].map(read).filter((t) => t !== null);
    assert.deepEqual(ticks, [
      { seconds: 2.5, bytes: 400_000, percent: 25, speed: 1.5, end: false },
      { seconds: 5, bytes: 900_000, percent: 50, speed: 1.5, end: false },
    ]);
  });

  test('stays below 100 until ffmpeg ends, whatever the clock says', () => {
    const read = createProgressReader(10);
    const last = block(10_400_000, 2_000_000).map(read).filter((t) => t !== null);
    assert.equal(last[0]?.percent, 99);
    const end = block(10_400_000, 2_050_000, 'end').map(read).filter((t) => t !== null);
    assert.deepEqual(end[0], { seconds: 10.4, bytes: 2_050_000, percent: 100, speed: 1.5, end: true });
  });

  test('N/A and noise are ignored; an unknown duration gives 0 %', () => {
    const read = createProgressReader(0);
    const t = [...block('N/A', 48), 'garbage', '=x', 'speed=N/A', 'progress=continue'].map(read).filter((x) => x !== null);
    assert.deepEqual(t.at(-1), { seconds: 0, bytes: 48, percent: 0, speed: null, end: false });
  });
});

describe('check of the result before it replaces anything', () => {
  const out: ProbeFacts = {
    container: 'mp4', isMp4: true, videoCodec: 'h264', audioCodec: 'aac', pixFmt: 'yuv420p', width: 1280, height: 720, durationS: 10, bitrateKbps: 1520,
  };
  const src = { durationS: 10, audioCodec: 'mp3' };

  test('an H.264/AAC MP4 of the same duration passes', () => {
    assert.equal(conversionVerified(out, src), true);
    assert.equal(conversionVerified({ ...out, durationS: 11 }, src), true, '1 s of slack');
    assert.equal(conversionVerified({ ...out, audioCodec: null }, { durationS: 10, audioCodec: null }), true, 'silent source');
  });

  test('a cut-short, silent, wrong-codec or unreadable result fails', () => {
    assert.equal(conversionVerified(null, src), false);
    assert.equal(conversionVerified({ ...out, durationS: 6 }, src), false);
    assert.equal(conversionVerified({ ...out, audioCodec: null }, src), false, 'the sound was lost');
    assert.equal(conversionVerified({ ...out, videoCodec: 'hevc' }, src), false);
    assert.equal(conversionVerified({ ...out, isMp4: false, container: 'mkv' }, src), false);
    assert.equal(conversionVerified({ ...out, pixFmt: 'yuv444p' }, src), false);
    assert.equal(conversionVerified({ ...out, durationS: 612 }, { ...src, durationS: 600 }), true, '2 % of a long video');
    assert.equal(conversionVerified({ ...out, durationS: 588 }, { ...src, durationS: 600 }), true);
    assert.equal(conversionVerified({ ...out, durationS: 580 }, { ...src, durationS: 600 }), false);
  });
});
