/**
 * bench/recording: what recording a broadcast costs (Gravar transmissões), against a bare ffmpeg
 * making the same copy.
 *
 *   node bench/recording.ts [--channels 4] [--seconds 30] [--kbps 2500]
 *
 * A real live stack (API, worker, nginx-rtmp; startLiveStack) with N accounts broadcasting at
 * --kbps (720p30, 2-s keyframes), each with recording on: the engine runs one recorder per
 * channel (the channel's HLS from nginx's disk, `-c copy` into fragmented MP4 parts). In the same
 * run, N bare ffmpeg copy the same channels (RTMP from nginx, `-c copy`, plain MP4), the copy a
 * user would make by hand. Printed: the CPU of the recorders and of the bare copies (utime +
 * stime from /proc over the same window, as a share of one core) and their ratio.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { bearerHeader } from '../apps/server/src/testing/harness.ts';
import { eventually, startLiveStack } from '../apps/server/src/testing/live.ts';
import { CLK_TCK, cleanupOnSignal, cpuTicks, referenceProcesses } from './proc.ts';

const { values } = parseArgs({
  options: {
    channels: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '30' },
    kbps: { type: 'string', default: '2500' },
  },
});
const CHANNELS = Math.max(1, Number(values.channels) || 4);
const SECONDS = Math.max(5, Number(values.seconds) || 30);
const KBPS = Math.max(100, Number(values.kbps) || 2500);

const stack = await startLiveStack();
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-recording-'));
const bare = referenceProcesses();
const cleanup = async () => {
  await bare.killAll();
  await stack.close();
  fs.rmSync(out, { recursive: true, force: true });
};
cleanupOnSignal(cleanup);
try {
  const db = stack.h.core.store.db;
  const users: { id: number; usuario: string }[] = [];
  for (let i = 0; i < CHANNELS; i++) {
    const acc = await stack.h.createAccount({ espaco: 100_000, bitrate: KBPS * 2 });
    const token = await stack.h.login(acc.email, acc.password);
    const auth = { headers: bearerHeader(token) };
    await stack.h.app.inject({ method: 'PUT', url: '/api/gravacoes/config', payload: { ativo: true }, ...auth });
    const key = (await stack.h.app.inject({ url: '/api/dados-conexao', ...auth })).json().rtmp.chave as string;
    stack.publish(key, { keyframeSeconds: 2, videoKbps: KBPS, size: '1280x720', fps: 30 });
    users.push({ id: acc.id, usuario: acc.usuario });
  }
  // every channel recorded, its recorder writing
  const recorders = await eventually(async () => {
    const rows = await db.selectFrom('recordings as r').innerJoin('media_processes as p', 'p.id', 'r.process_id')
      .select(['p.pid', 'p.state']).where('r.state', '=', 'recording').execute();
    return rows.length === CHANNELS && rows.every((r) => r.state === 'live' && r.pid) && rows.map((r) => r.pid!);
  }, 60_000, 'gravadores no ar');
  for (const u of users) {
    const c = spawn('ffmpeg', [
      '-nostdin', '-hide_banner', '-loglevel', 'error', '-i', `rtmp://127.0.0.1:${stack.rtmpPort}/live/${u.usuario}_live`,
      '-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-f', 'mp4', '-y', path.join(out, `${u.usuario}.mp4`),
    ], { stdio: 'ignore' });
    bare.add(c);
  }
  const barePids = () => [...fs.readdirSync('/proc')].filter((d) => /^\d+$/.test(d)).map(Number)
    .filter((pid) => { try { return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(out); } catch { return false; } });
  await sleep(3000);
  const bp = barePids();
  if (bp.length !== CHANNELS) throw new Error(`cópias simples no ar: ${bp.length} de ${CHANNELS}`);
  console.log(`${CHANNELS} canais a ${KBPS} kbit/s (720p30) por ${SECONDS} s; ${os.cpus().length} núcleos\n`);

  const ticks = (pids: number[]) => pids.reduce((a, pid) => a + (cpuTicks(pid) ?? 0), 0);
  const r0 = ticks(recorders);
  const b0 = ticks(bp);
  const wall0 = process.hrtime.bigint();
  await sleep(SECONDS * 1000);
  const wall = Number(process.hrtime.bigint() - wall0) / 1e9;
  const still = await db.selectFrom('media_processes').select('pid').where('kind', '=', 'recording').where('state', '=', 'live').execute();
  if (still.some((r) => !recorders.includes(r.pid!))) throw new Error('um gravador reiniciou durante a medida');
  const core = (t: number) => (t / CLK_TCK / wall) * 100;
  const rec = core(ticks(recorders) - r0);
  const ref = core(ticks(bp) - b0);
  const pad = (s: string, n: number) => s.padStart(n);
  console.log(`${'cópia'.padEnd(44)}${pad('CPU (% de um núcleo)', 22)}${pad('por canal', 12)}`);
  console.log(`${'gravação (HLS do nginx → MP4 fragmentado)'.padEnd(44)}${pad(rec.toFixed(2), 22)}${pad((rec / CHANNELS).toFixed(2), 12)}`);
  console.log(`${'ffmpeg simples (RTMP do nginx → MP4)'.padEnd(44)}${pad(ref.toFixed(2), 22)}${pad((ref / CHANNELS).toFixed(2), 12)}`);
  console.log(`\nrazão gravação / ffmpeg simples: ${(rec / Math.max(ref, 1e-9)).toFixed(2)}× (meta ≤ 1.1×)`);
} finally {
  await cleanup();
}
