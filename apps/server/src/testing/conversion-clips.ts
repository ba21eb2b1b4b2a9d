import path from 'node:path';
import { encodeClip } from './clip-cache.ts';

/**
 * A heavy clip, the kind a customer converts: H.264 yuv420p at a constant high bitrate with an
 * AAC tone, made with ffmpeg's test sources (testsrc2 moves, so the encoder spends the bits).
 * Returns the file's path.
 */
export function makeHeavyClip(dir: string, name: string, o: { seconds: number; size?: string; kbps?: number; fps?: number }): string {
  const file = path.join(dir, name);
  const kbps = o.kbps ?? 8000;
  const fps = o.fps ?? 25;
  encodeClip([
    '-f', 'lavfi', '-i', `testsrc2=size=${o.size ?? '1920x1080'}:rate=${fps}:duration=${o.seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${o.seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
    '-b:v', `${kbps}k`, '-minrate', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`, '-x264-params', 'nal-hrd=cbr',
    '-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart',
  ], file);
  return file;
}

/** An old-style file: AVI with MPEG-4 Part 2 video and MP3 sound (needs conversion whatever its bitrate). */
export function makeAviClip(dir: string, name: string, o: { seconds: number; size: string }): string {
  const file = path.join(dir, name);
  encodeClip([
    '-f', 'lavfi', '-i', `testsrc2=size=${o.size}:rate=25:duration=${o.seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=330:duration=${o.seconds}`,
    '-c:v', 'mpeg4', '-q:v', '4', '-c:a', 'libmp3lame', '-b:a', '96k', '-shortest',
  ], file);
  return file;
}
