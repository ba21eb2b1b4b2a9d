import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Harness } from './harness.ts';
import { bearerHeader } from './harness.ts';
import { encodeClip } from './clip-cache.ts';
import { WAIT_FLOOR_MS } from './live.ts';

/** Tiny real clips, made with ffmpeg's test sources (once per run when the clips are shared: see encodeClip). */
export interface Clips {
  dir: string;
  /** MP4, H.264 yuv420p + AAC, ~300 kbps, 2 s: compatible. */
  ok: Buffer;
  /** AVI with MPEG-4 Part 2, 2 s: needs conversion. */
  avi: Buffer;
  /** MP4, H.264 at ~4000 kbps, 1.2 s, ~0.6 MB. */
  mid: Buffer;
  /** MP4, H.264 at ~4000 kbps, 2.6 s, ~1.3 MB (more than a 1 MB plan); index first, so even half of it probes as a video. */
  big: Buffer;
  close(): void;
}

const cbr4m = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-b:v', '4000k', '-minrate', '4000k', '-maxrate', '4000k', '-bufsize', '1000k', '-x264-params', 'nal-hrd=cbr', '-movflags', '+faststart'];

export function makeClips(): Clips {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-clips-'));
  const p = (n: string) => path.join(dir, n);
  encodeClip(['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-b:v', '300k', '-c:a', 'aac', '-b:a', '64k', '-shortest'], p('ok.mp4'));
  encodeClip(['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=2', '-c:v', 'mpeg4', '-q:v', '5'], p('old.avi'));
  encodeClip(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=1.2', ...cbr4m], p('mid.mp4'));
  encodeClip(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=2.6', ...cbr4m], p('big.mp4'));
  const read = (n: string) => fs.readFileSync(p(n));
  return { dir, ok: read('ok.mp4'), avi: read('old.avi'), mid: read('mid.mp4'), big: read('big.mp4'), close: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A clip for playlists: MP4 H.264 yuv420p 320x240 + AAC stereo, a keyframe every second. Clips
 * made by this function share one codec set-up, so a playout plays them in one session.
 */
export function makeChannelClip(dir: string, name: string, source: string, seconds = 3): Buffer {
  const file = path.join(dir, `${name}.mp4`);
  encodeClip([
    '-f', 'lavfi', '-i', `${source}=size=320x240:rate=25:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0', '-b:v', '400k',
    '-c:a', 'aac', '-b:a', '64k', '-ar', '44100', '-ac', '2', '-shortest', '-movflags', '+faststart',
  ], file);
  return fs.readFileSync(file);
}

/**
 * A clip as people upload them: 320x240 H.264 + AAC whose keyframes are where `keyframes`
 * says: every N seconds (`{ every: 10 }`, as many phone apps and encoders do) or at the given
 * times (`{ at: [0, 1.5, 5] }`, scene cuts). Clips of different keyframe layouts differ in
 * their codec set-up, so a playlist of them crosses formats.
 */
export function makeKeyframeClip(dir: string, name: string, seconds: number, keyframes: { every: number } | { at: number[] }, kbps = 400): Buffer {
  const file = path.join(dir, `${name}.mp4`);
  const gop = 'every' in keyframes
    ? ['-g', String(keyframes.every * 25), '-keyint_min', String(keyframes.every * 25)]
    : ['-g', '1000', '-force_key_frames', keyframes.at.join(',')];
  encodeClip([
    '-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=25:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...gop, '-sc_threshold', '0', '-b:v', `${kbps}k`,
    '-c:a', 'aac', '-b:a', '64k', '-ar', '44100', '-ac', '2', '-shortest', '-movflags', '+faststart',
  ], file);
  return fs.readFileSync(file);
}

/** A multipart/form-data body with one file part. */
export function multipart(filename: string, content: Buffer, field = 'video') {
  const boundary = `----painel${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, tail, payload: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(h: Harness, token: string, folderId: number | string, filename: string, content: Buffer) {
  const body = multipart(filename, content);
  return h.app.inject({
    method: 'POST',
    url: `/api/videos/upload?folder_id=${folderId}`,
    headers: { ...bearerHeader(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

export async function newFolder(h: Harness, token: string, nome: string): Promise<number> {
  const r = await h.app.inject({ method: 'POST', url: '/api/folders', headers: bearerHeader(token), payload: { nome } });
  if (r.statusCode !== 200) throw new Error(`pasta não criada: ${r.body}`);
  return r.json<{ id: number }>().id;
}

/** Everything under a directory (relative paths), for "nothing left behind" checks. */
export function tree(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).map(String).sort();
}

/** Files of an account's storage plus the upload staging area. */
export function leftovers(h: Harness, login: string): { account: string[]; incoming: string[] } {
  const storage = h.core.library.storage;
  return { account: tree(storage.accountDir(login)), incoming: tree(storage.incoming) };
}

/** Polls until check holds; the bound only ends a broken test (raised to WAIT_FLOOR_MS, as for eventually). */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const until = Date.now() + Math.max(ms, WAIT_FLOOR_MS);
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condição não atingida a tempo');
    await new Promise((r) => setTimeout(r, 25));
  }
}
