import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import sharp from 'sharp';
import { slateArgs } from '@painel/media/slate';
import { execCapture } from '../../platform/exec.ts';
import { renderSlate, SLATE_HEIGHT, SLATE_KEYFRAME_SECONDS, SLATE_SECONDS, SLATE_WIDTH, slateImage } from './slate.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-slate-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The mean brightness of a box of a PNG (0–255). */
async function brightness(png: Buffer, box: { left: number; top: number; width: number; height: number }): Promise<number> {
  const { data } = await sharp(png).extract(box).greyscale().raw().toBuffer({ resolveWithObject: true });
  return data.reduce((n, v) => n + v, 0) / data.length;
}

test('the slate picture shows the text (escaped, never markup) and the logo above it', async () => {
  const textBox = { left: 240, top: Math.round(SLATE_HEIGHT * 0.55), width: 800, height: 100 };
  const logoBox = { left: 560, top: 150, width: 160, height: 100 };
  const logo = await sharp({ create: { width: 400, height: 200, channels: 4, background: '#ffffff' } }).png().toBuffer();
  const plain = await slateImage({ texto: '' });
  const shown = await slateImage({ texto: 'Voltamos já <b>&</b> "já"', logo });
  const meta = await sharp(shown).metadata();
  assert.deepEqual([meta.width, meta.height], [SLATE_WIDTH, SLATE_HEIGHT]);
  // white text and a white logo on a dark background: both boxes are brighter than the empty slate's
  assert.ok((await brightness(shown, textBox)) > (await brightness(plain, textBox)) + 10, 'the text is drawn');
  assert.ok((await brightness(shown, logoBox)) > (await brightness(plain, logoBox)) + 100, 'the logo is drawn');
});

test('the slate becomes a short H.264 + AAC video with regular keyframes, ready to loop with -c copy', { timeout: 180_000 }, async () => {
  const out = path.join(dir, 'sinal.mp4');
  await renderSlate({ texto: 'Voltamos já', out, ffmpegBin: 'ffmpeg', signal: new AbortController().signal });
  assert.deepEqual(fs.readdirSync(dir), ['sinal.mp4'], 'only the finished file is left');
  const probe = await execCapture('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height:format=duration', '-of', 'json', out], { timeoutMs: 10_000 });
  const info = JSON.parse(probe.stdout) as { streams: { codec_name: string; width?: number; height?: number }[]; format: { duration: string } };
  assert.deepEqual(info.streams.map((s) => s.codec_name).sort(), ['aac', 'h264']);
  assert.deepEqual([info.streams.find((s) => s.codec_name === 'h264')!.width, info.streams.find((s) => s.codec_name === 'h264')!.height], [SLATE_WIDTH, SLATE_HEIGHT]);
  assert.ok(Math.abs(Number(info.format.duration) - SLATE_SECONDS) < 0.5, info.format.duration);
  const keys = await execCapture('ffprobe', ['-v', 'error', '-select_streams', 'v', '-skip_frame', 'nokey', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', out], { timeoutMs: 10_000 });
  const times = keys.stdout.split('\n').map((l) => l.replace(/,+$/, '').trim()).filter(Boolean).map(Number);
  // nginx cuts the first fragment of the slate at its first keyframe past 1.6 s
  assert.equal(times.length, Math.ceil(SLATE_SECONDS / SLATE_KEYFRAME_SECONDS), `a keyframe every ${SLATE_KEYFRAME_SECONDS} s: ${times.join(',')}`);
  assert.ok(times.every((t, i) => Math.abs(t - i * SLATE_KEYFRAME_SECONDS) < 0.05), times.join(','));
});

test('slate arguments: one still picture, silent audio, the file last', () => {
  const a = slateArgs({ image: '/tmp/s.png', out: '/tmp/s.mp4' });
  assert.deepEqual(a.slice(a.indexOf('-loop'), a.indexOf('-loop') + 6), ['-loop', '1', '-framerate', '30', '-i', '/tmp/s.png']);
  assert.equal(a.at(-1), '/tmp/s.mp4');
  assert.ok(a.includes('anullsrc=channel_layout=stereo:sample_rate=44100'));
});
