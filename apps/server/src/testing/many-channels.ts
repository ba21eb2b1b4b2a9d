import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Harness } from './harness.ts';
import { encodeClip } from './clip-cache.ts';
import { alive } from './processes.ts';

const WORKER = path.resolve(import.meta.dirname, '../worker.ts');

/**
 * A channel clip as cheap as a playout gets: 160x120 at 10 fps, a keyframe every second,
 * ~40 kbps video and 32 kbps AAC. Played with `-c copy`, fifty of them are light work for a
 * 2-core machine; its codec set-up is the same every time, so a playlist of it is one session.
 */
export function makeTinyChannelClip(dir: string, seconds = 10): Buffer {
  const file = path.join(dir, 'tiny.mp4');
  encodeClip([
    '-f', 'lavfi', '-i', `testsrc=size=160x120:rate=10:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '10', '-keyint_min', '10', '-sc_threshold', '0', '-b:v', '40k',
    '-c:a', 'aac', '-b:a', '32k', '-ar', '44100', '-ac', '2', '-shortest', '-movflags', '+faststart',
  ], file);
  return fs.readFileSync(file);
}

/**
 * Every live ffmpeg an engine tagged (`PAINEL_ENGINE=tag`), by the row it runs
 * (`PAINEL_PROCESS`), from one pass over /proc: also the children of a worker that was killed.
 */
export function engineChildren(tag: string): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid) continue;
    let env: string[];
    let cmdline: string;
    try {
      env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (!env.includes(`PAINEL_ENGINE=${tag}`) || !cmdline.includes('ffmpeg') || !alive(pid)) continue;
    const id = Number(env.find((e) => e.startsWith('PAINEL_PROCESS='))?.slice('PAINEL_PROCESS='.length));
    if (!Number.isInteger(id)) continue;
    out.set(id, [...(out.get(id) ?? []), pid]);
  }
  return out;
}

export interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<void>;
  /** The last lines it wrote, for a failure's message. */
  tail(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The worker as its own process (`node apps/server/src/worker.ts`), as production runs it,
 * on a harness's data and database.
 */
export function spawnWorker(h: Harness, env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, [WORKER], {
    env: {
      ...process.env, DATA_DIR: h.config.dataDir, DATABASE_URL: h.config.databaseUrl ?? '', RTMP_PORT: String(h.config.rtmpPort),
      HLS_PORT: String(h.config.media.hlsPort), ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (d: Buffer) => {
    lines.push(...String(d).split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    child, exited,
    tail: () => lines.slice(-40).join('\n'),
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
