/**
 * bench/edge: what an HLS edge (`./painel edge`) saves the server, and what it costs.
 *
 *   node bench/edge.ts [--players 200] [--seconds 20] [--kbps 600]
 *
 * A real live stack (API, worker, nginx-rtmp; startLiveStack) and a real 2-s broadcast at --kbps.
 * N players (plain fetch loops in this process, like hls.js: the playlist again every fragment's
 * length, each player starting at its own moment, every new fragment fetched once) watch it:
 *
 * (a) reference: straight from the server, as players do without an edge — the playlist from
 *     the API, the fragments where it lists them (nginx's HLS port). Every request reaches the
 *     server;
 * (b) edge: through `./painel edge --origin http://127.0.0.1:HLS_PORT` (the real command, its
 *     nginx started here), with a counting pass-through between the edge and the server, so the
 *     server's requests are counted outside the edge.
 *
 * Printed: the server's requests per fragment and per second of playlists both ways, their
 * ratio, and the edge nginx's CPU (master and workers, utime + stime from /proc over the run)
 * per 100 viewers, as a share of one core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { bearerHeader } from '../apps/server/src/testing/harness.ts';
import { eventually, startLiveStack } from '../apps/server/src/testing/live.ts';
import { freePort } from '../apps/server/src/worker.ts';
import { countingProxy, playHls, type OriginHit } from '../apps/server/src/testing/hls-players.ts';
import { CLK_TCK, cleanupOnSignal, cpuTicks, statFields } from './proc.ts';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    kbps: { type: 'string', default: '600' },
  },
});
const PLAYERS = Math.max(1, Number(values.players) || 200);
const SECONDS = Math.max(4, Number(values.seconds) || 20);
const KBPS = Math.max(100, Number(values.kbps) || 600);
const FRAGMENT_SECONDS = 2;

interface Tally { playlists: number; fragments: Map<string, number>; errors: string[]; delivered: number; bytes: number }
const tally = (): Tally => ({ playlists: 0, fragments: new Map(), errors: [], delivered: 0, bytes: 0 });

/** One player: the playlist every fragment's length, each fragment it has not fetched yet. */
async function player(playlistUrl: string, id: number, until: number, seen: Tally): Promise<void> {
  // viewers do not arrive at the same instant
  await sleep(Math.floor(Math.random() * FRAGMENT_SECONDS * 1000));
  await playHls({
    playlistUrl, session: `bench-${id}`, until, everyMs: FRAGMENT_SECONDS * 1000,
    onPlaylist: () => void seen.playlists++,
    onFragment: ({ url, status, body }) => {
      const name = path.basename(url.pathname);
      seen.fragments.set(name, (seen.fragments.get(name) ?? 0) + 1);
      if (status !== 200) throw new Error(`fragmento ${status}`);
      seen.delivered++;
      seen.bytes += body.length;
    },
    onError: (m) => void seen.errors.push(m),
  });
}

/** What the server was asked through the counting proxy, as the players' tally. */
function tallyOf(hits: readonly OriginHit[]): Tally {
  const t = tally();
  for (const h of hits) {
    const p = h.path.split('?')[0]!;
    if (p.endsWith('.m3u8')) t.playlists++;
    else t.fragments.set(path.basename(p), (t.fragments.get(path.basename(p)) ?? 0) + 1);
  }
  return t;
}

/** The edge nginx's master and its workers. */
function nginxPids(dir: string): number[] {
  const master = Number(fs.readFileSync(path.join(dir, 'nginx.pid'), 'utf8').trim());
  const workers = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => Number(statFields(pid)?.[1]) === master);
  return [master, ...workers];
}
const ticksOf = (pids: number[]) => pids.reduce((a, pid) => a + (cpuTicks(pid) ?? 0), 0);

const stack = await startLiveStack();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-edge-'));
let edge: ChildProcess | undefined;
let proxy: Awaited<ReturnType<typeof countingProxy>> | undefined;
const cleanup = async () => {
  if (edge?.pid && edge.exitCode === null) {
    const exited = new Promise((r) => edge!.once('exit', r));
    process.kill(-edge.pid, 'SIGTERM');
    await Promise.race([exited, sleep(8000)]);
  }
  await proxy?.close();
  await stack.close();
  fs.rmSync(dir, { recursive: true, force: true });
};
cleanupOnSignal(cleanup);
try {
  const acc = await stack.h.createAccount({ espectadores: PLAYERS * 10 });
  const token = await stack.h.login(acc.email, acc.password);
  const key = (await stack.h.app.inject({ url: '/api/dados-conexao', headers: bearerHeader(token) })).json().rtmp.chave as string;
  stack.publish(key, { keyframeSeconds: FRAGMENT_SECONDS, videoKbps: KBPS, size: '1280x720', fps: 30 });
  const stream = `${acc.usuario}_live`;
  await eventually(async () => {
    const r = await fetch(`${stack.apiUrl}/hls/${stream}.m3u8`);
    return r.ok && ((await r.text()).match(/\.ts$/gm)?.length ?? 0) >= 2;
  }, 30_000, 'playlist com 2 fragmentos');

  proxy = await countingProxy(stack.hlsPort);
  const edgePort = await freePort();
  let edgeOutput = '';
  edge = spawn(process.execPath, [
    path.join(import.meta.dirname, '../apps/server/src/cli/edge.ts'),
    '--origin', `http://127.0.0.1:${proxy.port}`, '--port', String(edgePort), '--bind', '127.0.0.1', '--cache-dir', dir,
  ], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  edge.stdout!.on('data', (d) => (edgeOutput += d));
  edge.stderr!.on('data', (d) => (edgeOutput += d));
  await eventually(async () => {
    if (edge!.exitCode !== null) throw new Error(`o edge saiu: ${edgeOutput}`);
    return edgeOutput.includes('Edge HLS no ar');
  }, 15_000, 'edge no ar');
  console.log(`${PLAYERS} espectadores por ${SECONDS} s, fragmentos de ${FRAGMENT_SECONDS} s a ${KBPS} kbit/s; ${os.cpus().length} núcleos\n`);

  // (a) straight from the server: every request a player makes is one the server answers
  const direct = tally();
  let until = Date.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: PLAYERS }, (_, i) => player(`${stack.apiUrl}/hls/${stream}.m3u8`, i, until, direct)));

  // (b) through the edge
  const viewers = tally();
  proxy.hits.length = 0;
  const pids = nginxPids(dir);
  const t0 = ticksOf(pids);
  const wall0 = process.hrtime.bigint();
  until = Date.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: PLAYERS }, (_, i) => player(`http://127.0.0.1:${edgePort}/hls/${stream}.m3u8`, PLAYERS + i, until, viewers)));
  const cpuSeconds = (ticksOf(pids) - t0) / CLK_TCK;
  const wall = Number(process.hrtime.bigint() - wall0) / 1e9;
  const edgeCount = tallyOf(proxy.hits);

  // straight from the server, every request a player makes is one the server answers
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, n) => a + n, 0);
  const perSegmentDirect = sum(direct.fragments) / Math.max(1, direct.fragments.size);
  const edgeFragmentRequests = sum(edgeCount.fragments);
  const perSegmentEdge = edgeFragmentRequests / Math.max(1, edgeCount.fragments.size);
  const cpuPer100 = (cpuSeconds / wall) * (100 / PLAYERS) * 100;
  const pad = (s: string, n: number) => s.padStart(n);
  console.log(`${'caminho'.padEnd(40)}${pad('fragm./segmento', 17)}${pad('playlists/s', 13)}${pad('razão', 8)}${pad('erros', 7)}`);
  console.log(`${'(a) direto do servidor (referência)'.padEnd(40)}${pad(perSegmentDirect.toFixed(1), 17)}${pad((direct.playlists / SECONDS).toFixed(1), 13)}${pad('1.000', 8)}${pad(String(direct.errors.length), 7)}`);
  console.log(`${'(b) pelo edge (pedidos à origem)'.padEnd(40)}${pad(perSegmentEdge.toFixed(2), 17)}${pad((edgeCount.playlists / SECONDS).toFixed(2), 13)}${pad((perSegmentEdge / perSegmentDirect).toFixed(3), 8)}${pad(String(viewers.errors.length), 7)}`);
  console.log(`\npelo edge: ${viewers.delivered} fragmentos (${(viewers.bytes / 1e6).toFixed(0)} MB) entregues a ${PLAYERS} espectadores; a origem recebeu ${edgeFragmentRequests} pedidos para ${edgeCount.fragments.size} fragmentos e ${edgeCount.playlists} playlists`);
  console.log(`CPU do nginx do edge: ${cpuSeconds.toFixed(2)} s em ${wall.toFixed(1)} s = ${cpuPer100.toFixed(2)}% de um núcleo por 100 espectadores`);
  const errors = [...direct.errors, ...viewers.errors];
  if (errors.length) console.log(`erros: ${[...new Set(errors)].slice(0, 5).join('; ')}`);
} finally {
  await cleanup();
}
