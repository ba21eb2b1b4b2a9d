import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encodes a test clip with ffmpeg into `file`. When PAINEL_TEST_CLIPS names a folder (the test
 * command sets one per run), a clip is encoded once per run and copied from there afterwards:
 * many test files ask for the same clips, and several run at the same time. The cached copy is
 * keyed by the encoding arguments and appears whole (written aside, then renamed), so a file
 * never reads a half-written clip; two files encoding the same one at once both get a good one.
 */
export function encodeClip(args: string[], file: string): void {
  const run = (out: string) =>
    execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args, out], { stdio: ['ignore', 'ignore', 'pipe'] });
  const cache = process.env.PAINEL_TEST_CLIPS;
  if (!cache) {
    run(file);
    return;
  }
  const ext = path.extname(file);
  const cached = path.join(cache, `${createHash('sha256').update(JSON.stringify(args)).digest('hex').slice(0, 32)}${ext}`);
  if (!fs.existsSync(cached)) {
    fs.mkdirSync(cache, { recursive: true });
    // the extension stays last: ffmpeg picks the container by it
    const partial = path.join(cache, `.${process.pid}-${randomBytes(4).toString('hex')}${ext}`);
    try {
      run(partial);
      fs.renameSync(partial, cached);
    } finally {
      fs.rmSync(partial, { force: true });
    }
  }
  fs.copyFileSync(cached, file);
}
