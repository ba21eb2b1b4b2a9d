/**
 * bench/conversion: what the panel adds to a conversion — queue, claim, probes, the checks and
 * the swap into the library — over the ffmpeg run itself.
 *
 *   node bench/conversion.ts [--seconds 60] [--quality media] [--rounds 2]
 *   CONVERSION_BENCH_SECONDS=60 CONVERSION_BENCH_QUALITY=media CONVERSION_BENCH_ROUNDS=2 node bench/conversion.ts
 *
 * One clip made here with ffmpeg's test sources: 1920x1080 at 25 fps, H.264 at 8000 kbps with
 * AAC sound, --seconds long. The real stack (API, worker with its job runner, nginx; started by
 * startLiveStack) and one account with the default plan (2500 kbps). Each round, one after the
 * other and never together:
 *
 * (a) reference: the very command the worker runs (`conversionCommand`, the same builder: nice
 *     + ffmpeg + the same argv) on the same library file, started here by hand, writing into
 *     the same file system; timed from spawn to exit;
 * (b) panel: the clip uploaded again (not timed), then POST /api/conversion/convert
 *     {quality}; timed from that call until the job's row is 'done' (polled every 20 ms; the
 *     row's pid, set while ffmpeg runs, splits the time into before, ffmpeg and after),
 *     which is after the worker claimed it (its runner ticks every second), probed the source,
 *     ran ffmpeg, probed and checked the result and put it in place of the original.
 *
 * Rounds alternate which side goes first, so a warmer cache or a busier machine does not always
 * favour one. Prints both times per round, the panel's over the reference's, and the median
 * ratio against the target (≤ 1.05). On a machine shared with other work the wall clock moves
 * with their load, so the CPU each side spent is printed beside it: the reference's ffmpeg, and
 * for the panel its ffmpeg and ffprobe runs (children of this process, counted when reaped:
 * cutime + cstime) plus this process itself (API + worker + the polling, process.cpuUsage), which
 * runs the idle stack during the reference too and is counted on both sides.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Video } from '@painel/contract';
import { CONVERSION_PRESETS, conversionCommand } from '@painel/media/convert';
import { ownerOfAccount } from '../apps/server/src/modules/library/owner.ts';
import { makeHeavyClip } from '../apps/server/src/testing/conversion-clips.ts';
import { bearerHeader } from '../apps/server/src/testing/harness.ts';
import { newFolder, upload } from '../apps/server/src/testing/library.ts';
import { startLiveStack, type LiveStack } from '../apps/server/src/testing/live.ts';
import { CLK_TCK, cleanupOnSignal, statFields } from './proc.ts';

const env = process.env;
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: env.CONVERSION_BENCH_SECONDS ?? '60' },
    quality: { type: 'string', default: env.CONVERSION_BENCH_QUALITY ?? 'media' },
    rounds: { type: 'string', default: env.CONVERSION_BENCH_ROUNDS ?? '2' },
  },
});
const SECONDS = Math.max(5, Number(values.seconds) || 60);
const ROUNDS = Math.max(1, Math.floor(Number(values.rounds) || 2));
const QUALITY = values.quality as keyof typeof CONVERSION_PRESETS;
if (!(QUALITY in CONVERSION_PRESETS)) throw new Error(`--quality: baixa, media ou alta (não ${values.quality})`);
const TARGET = 1.05;
const f2 = (x: number) => x.toFixed(2);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Run {
  /** Wall seconds. */
  wall: number;
  /** Panel only: seconds before its ffmpeg started (queue, claim) and after it ended (probe, check, swap, finish). */
  before?: number;
  after?: number;
  /** CPU seconds of the children that ended (ffmpeg, ffprobe). */
  children: number;
  /** CPU seconds of this process (API, worker, polling). */
  self: number;
}

/** CPU seconds of this process's reaped children (fields 16 and 17 of /proc/self/stat). */
function reapedSeconds(): number {
  const f = statFields(process.pid);
  return f ? (Number(f[13]) + Number(f[14])) / CLK_TCK : 0;
}

/** Times `f`: wall clock, the children it reaped, and this process's own CPU. */
async function timed(f: () => Promise<void>): Promise<Run> {
  const [c0, u0, t0] = [reapedSeconds(), process.cpuUsage(), performance.now()];
  await f();
  const u = process.cpuUsage(u0);
  return { wall: (performance.now() - t0) / 1000, children: reapedSeconds() - c0, self: (u.user + u.system) / 1e6 };
}

let stack: LiveStack | undefined;
let work: string | undefined;
async function cleanup(): Promise<void> {
  await stack?.close().catch((e: Error) => console.error(`encerrando a pilha: ${e.message}`));
  if (work) fs.rmSync(work, { recursive: true, force: true });
}
cleanupOnSignal(cleanup);

async function main(): Promise<void> {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-conv-'));
  console.log(`clipe: ${SECONDS} s, 1920x1080, 8000 kbps (ffmpeg lavfi testsrc2 + seno)…`);
  const clip = fs.readFileSync(makeHeavyClip(work, 'clipe.mp4', { seconds: SECONDS, kbps: 8000 }));
  stack = await startLiveStack();
  const { h } = stack;
  const db = h.core.store.db;
  const acc = await h.createAccount({ bitrate: 2500, espaco: 100_000 });
  const token = await h.login(acc.email, acc.password);
  const folderId = await newFolder(h, token, 'Bench');
  const ffmpegBin = h.config.media.ffmpegBin;
  const preset = CONVERSION_PRESETS[QUALITY];

  async function uploadClip(): Promise<Video> {
    const r = await upload(h, token, folderId, 'clipe.mp4', clip);
    if (r.statusCode !== 200) throw new Error(`envio recusado (${r.statusCode}): ${r.body}`);
    return r.json<{ video: Video }>().video;
  }
  const owner = ownerOfAccount((await h.core.accounts.byId(acc.id))!);
  const fileOf = async (id: number) => {
    const { row, folder } = await h.core.library.videos.get(owner, id);
    return h.core.library.storage.filePath(owner.login, folder, row.arquivo);
  };

  /** (a) the worker's own command, by hand, on the library file. */
  async function reference(video: Video): Promise<Run> {
    const out = path.join(h.core.library.storage.root, '.bench-referencia.mp4');
    const { cmd, args } = conversionCommand(ffmpegBin, { input: await fileOf(video.id), output: out, videoKbps: preset.kbps, box: preset });
    const run = await timed(() => new Promise<void>((resolve, reject) => {
      const c = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      c.stderr!.on('data', (b: Buffer) => (err += b.toString()));
      c.once('error', reject);
      c.once('close', (x) => (x === 0 ? resolve() : reject(new Error(`ffmpeg ${x}: ${err.slice(-400)}`))));
    }));
    fs.rmSync(out, { force: true });
    return run;
  }

  /** (b) the panel: convert call → job done. */
  async function panel(video: Video): Promise<Run> {
    // the job's row carries its ffmpeg's pid while it runs (the worker writes it at once): the phases
    let started = NaN;
    let ended = NaN;
    const t0 = performance.now();
    const run = await timed(async () => {
      const r = await h.app.inject({
        method: 'POST', url: '/api/conversion/convert', headers: bearerHeader(token), payload: { video_id: video.id, quality: QUALITY },
      });
      if (r.statusCode !== 200) throw new Error(`conversão recusada (${r.statusCode}): ${r.body}`);
      for (;;) {
        const job = await db.selectFrom('jobs').select(['state', 'error', 'pid']).where('subject_id', '=', video.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
        const at = (performance.now() - t0) / 1000;
        if (job.pid !== null && Number.isNaN(started)) started = at;
        if (job.pid === null && !Number.isNaN(started) && Number.isNaN(ended)) ended = at;
        if (job.state === 'done') return;
        if (job.state === 'failed') throw new Error(`a conversão falhou: ${job.error}`);
        await sleep(20);
      }
    });
    return { ...run, before: started, after: run.wall - ended };
  }

  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const refFirst = i % 2 === 0;
    const video = await uploadClip();
    let ref: Run | undefined;
    if (refFirst) ref = await reference(video);
    const pan = await panel(video);
    // the panel replaced the clip with its conversion: the reference needs the original back
    ref ??= await reference(await uploadClip());
    const [v] = (await h.app.inject({ url: `/api/videos?folder_id=${folderId}`, headers: bearerHeader(token) })).json<Video[]>()
      .filter((x) => x.id === video.id);
    walls.push(pan.wall / ref.wall);
    // this process runs the idle stack (worker ticks, nginx health) during both: counted on both sides
    cpus.push((pan.children + pan.self) / (ref.children + ref.self));
    console.log(`rodada ${i + 1} (${refFirst ? 'referência primeiro' : 'painel primeiro'}): ` +
      `tempo: referência ${f2(ref.wall)} s, painel ${f2(pan.wall)} s (até o ffmpeg começar ${f2(pan.before!)} s, depois dele ${f2(pan.after!)} s), ` +
      `razão ${f2(pan.wall / ref.wall)}; ` +
      `CPU: referência ${f2(ref.children)} s de ffmpeg + ${f2(ref.self)} s do processo, painel ${f2(pan.children)} s de ffmpeg/ffprobe + ${f2(pan.self)} s do processo, razão ${f2(cpus.at(-1)!)}; ` +
      `resultado ${v?.largura}x${v?.altura} ${v?.bitrate_video} kbps ${v?.compativel}; carga ${os.loadavg()[0]!.toFixed(2)}`);
  }
  console.log(`\nResultado: conversão de ${SECONDS} s de 1080p para ${QUALITY} (${preset.width}x${preset.height}, ${preset.kbps} kbps); nproc ${os.cpus().length}`);
  console.log(`  tempo (chamada → tarefa concluída) painel/ffmpeg avulso: mediana ${f2(median(walls))} (rodadas: ${walls.map(f2).join(', ')}); ` +
    `meta ≤ ${TARGET}: ${median(walls) <= TARGET ? 'atingida' : 'NÃO atingida'}`);
  console.log(`  CPU painel/ffmpeg avulso: mediana ${f2(median(cpus))} (rodadas: ${cpus.map(f2).join(', ')})`);
}

try {
  await main();
} finally {
  await cleanup();
}
