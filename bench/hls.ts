/**
 * bench/hls: how fast a viewer's HLS fragments are served, against nginx serving the same file.
 *
 *   node bench/hls.ts [--seconds 8] [--connections 50] [--rounds 2] [--kbps 600]
 *
 * A real live stack (API, worker, the worker's nginx-rtmp; startLiveStack) and a real 2-s
 * broadcast at --kbps (about 200 KB a fragment at 600 kbps video + 96 kbps audio). Once the
 * playlist the API serves lists a few fragments the broadcast stops (the fragments stay on disk,
 * still listed by the playlist nginx left), and one fragment is loaded, in the same run, by
 * autocannon as a library (50 connections, 8 s after a 2-s warm-up, from a worker thread so
 * this process's API is free to answer its own route; bodies read and counted but not kept as
 * strings, see autocannon-discard.cjs):
 *
 * (a) reference: a second nginx, started here with the same binary, whose only configuration
 *     is a plain `location /hls/ { root DATA_DIR; }` on another port (one worker, sendfile, no
 *     access log: the worker's nginx has the same), serving the same file;
 * (b) panel: the fragment's address exactly as the API's playlist lists it (nginx's HLS port);
 * (c) for context, the API's own fragment route (GET /hls/{name} on the API's port), the path
 *     every fragment took before nginx served them.
 *
 * (a) and (b) alternate --rounds times (a b, b a, …) so a drift of the machine hits both.
 * Printed: requests a second of each, and (b)/(a) against the aim of ≥ 0.8.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { nginxArgs } from '@painel/media/nginx-config';
import { bearerHeader } from '../apps/server/src/testing/harness.ts';
import { eventually, startLiveStack } from '../apps/server/src/testing/live.ts';
import { freePort } from '../apps/server/src/worker.ts';
import { cleanupOnSignal } from './proc.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
    kbps: { type: 'string', default: '600' },
  },
});
const SECONDS = Math.max(1, Number(values.seconds) || 8);
const CONNECTIONS = Math.max(1, Number(values.connections) || 50);
const ROUNDS = Math.max(1, Number(values.rounds) || 2);
const KBPS = Math.max(100, Number(values.kbps) || 600);
const AIM = 0.8;
/** Keeps autocannon from decoding each 200-KB body into a string, which capped every server at ~430 req/s. */
const DISCARD_BODIES = path.join(import.meta.dirname, 'autocannon-discard.cjs');

interface Figure { rps: number; mbps: number; latency: number; errors: number }

async function load(url: string, seconds: number): Promise<Figure> {
  // in workers mode autocannon takes the hook as a module path (its types know only the function)
  const setupClient = DISCARD_BODIES as unknown as (client: autocannon.Client) => void;
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, workers: 1, setupClient });
  return { rps: r.requests.average, mbps: (r.throughput.average * 8) / 1e6, latency: r.latency.average, errors: r.errors + r.non2xx };
}

async function measure(url: string): Promise<Figure> {
  await load(url, 2);
  return load(url, SECONDS);
}

/** The reference: nginx's plain static serving of the HLS directory, nothing else configured. */
async function startReference(nginxBin: string, dataDir: string): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  // started as root, its workers read the files as the worker's nginx does (its `user` line), not as nobody
  const user = /^user .*;$/m.exec(fs.readFileSync(path.join(dataDir, 'nginx', 'nginx.conf'), 'utf8'))?.[0] ?? '';
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-bench-nginx-'));
  fs.mkdirSync(path.join(prefix, 'logs'));
  fs.mkdirSync(path.join(prefix, 'tmp'));
  const port = await freePort();
  const configFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(configFile, [
    'daemon off;', 'master_process on;', 'worker_processes 1;', user, `pid ${prefix}/nginx.pid;`, `error_log ${prefix}/logs/error.log warn;`,
    'events { worker_connections 8192; }',
    'http {',
    '  access_log off;', '  sendfile on;', '  tcp_nopush on;',
    ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t === 'body' ? 'client_body' : t}_temp_path ${prefix}/tmp/${t};`),
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    location /hls/ { root ${dataDir}; }`,
    '  }',
    '}',
    '',
  ].join('\n'));
  const child = spawn(nginxBin, nginxArgs({ prefix, configFile }), { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d) => (err += d));
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`o nginx de referência saiu: ${err}`);
    return (await fetch(`${url}/`).catch(() => null)) !== null;
  }, 10_000, 'nginx de referência');
  return {
    url, child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

const stack = await startLiveStack();
let reference: Awaited<ReturnType<typeof startReference>> | undefined;
const cleanup = async () => {
  await reference?.stop();
  await stack.close();
};
cleanupOnSignal(cleanup);
try {
  const acc = await stack.h.createAccount();
  const token = await stack.h.login(acc.email, acc.password);
  const key = (await stack.h.app.inject({ url: '/api/dados-conexao', headers: bearerHeader(token) })).json().rtmp.chave as string;
  const pub = stack.publish(key, { keyframeSeconds: 2, videoKbps: KBPS, size: '1280x720', fps: 30 });
  const playlistUrl = `${stack.apiUrl}/hls/${acc.usuario}_live.m3u8`;
  // a few fragments, so the one measured is a whole 2-s one (the first may be shorter)
  const listed = await eventually(async () => {
    const r = await fetch(playlistUrl);
    const uris = r.ok ? (await r.text()).split('\n').filter((l) => l.endsWith('.ts')) : [];
    return uris.length >= 3 && uris;
  }, 30_000, 'playlist com 3 fragmentos');
  await pub.stop();
  // the playlist lists fragments at nginx's HLS port: this address is what a player fetches
  const panelUrl = listed[1]!;
  const name = path.basename(new URL(panelUrl).pathname);
  const file = path.join(stack.h.config.dataDir, 'hls', name);
  const bytes = fs.readFileSync(file);
  reference = await startReference(stack.h.config.media.nginxBin, stack.h.config.dataDir);
  const referenceUrl = `${reference.url}/hls/${name}`;
  const apiUrl = `${stack.apiUrl}/hls/${name}`;
  // all three answer the same bytes before any is loaded
  for (const u of [referenceUrl, panelUrl, apiUrl]) {
    const r = await fetch(u);
    const body = Buffer.from(await r.arrayBuffer());
    if (!r.ok || !body.equals(bytes)) throw new Error(`${u} não devolveu o fragmento (${r.status}, ${body.length} bytes)`);
  }
  console.log(`fragmento ${name}: ${(bytes.length / 1024).toFixed(0)} KiB; ${CONNECTIONS} conexões, ${SECONDS} s por medida após 2 s de aquecimento`);
  console.log(`  referência: ${referenceUrl}\n  painel:     ${panelUrl}\n  rota da API: ${apiUrl}\n`);

  const refs: Figure[] = [];
  const panels: Figure[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? (['ref', 'panel'] as const) : (['panel', 'ref'] as const);
    for (const which of order) {
      const f = await measure(which === 'ref' ? referenceUrl : panelUrl);
      (which === 'ref' ? refs : panels).push(f);
      console.log(`  rodada ${i + 1}, ${which === 'ref' ? 'referência' : 'painel    '}: ${Math.round(f.rps)} req/s, ${f.mbps.toFixed(0)} Mbit/s, ${f.latency.toFixed(1)} ms, ${f.errors} erros`);
    }
  }
  const api = await measure(apiUrl);
  await sleep(100);

  const mean = (xs: Figure[], k: keyof Figure) => xs.reduce((a, f) => a + f[k], 0) / xs.length;
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const ref = mean(refs, 'rps');
  const panel = mean(panels, 'rps');
  const errors = [...refs, ...panels, api].reduce((a, f) => a + f.errors, 0);
  console.log(`\n${'caminho'.padEnd(44)}${'req/s'.padStart(10)}${'latência'.padStart(11)}${'razão'.padStart(8)}`);
  console.log(`${'(a) nginx, location simples (referência)'.padEnd(44)}${n(ref).padStart(10)}${`${mean(refs, 'latency').toFixed(1)} ms`.padStart(11)}${'1.000'.padStart(8)}`);
  console.log(`${'(b) painel: fragmento como a playlist lista'.padEnd(44)}${n(panel).padStart(10)}${`${mean(panels, 'latency').toFixed(1)} ms`.padStart(11)}${(panel / ref).toFixed(3).padStart(8)}`);
  console.log(`${'(c) rota de fragmentos da API (antes)'.padEnd(44)}${n(api.rps).padStart(10)}${`${api.latency.toFixed(1)} ms`.padStart(11)}${(api.rps / ref).toFixed(3).padStart(8)}`);
  console.log(`\npainel/referência ${(panel / ref).toFixed(3)}: ${panel / ref >= AIM && errors === 0 ? 'meta ≥ 0.8 atingida' : 'meta ≥ 0.8 NÃO atingida'}${errors ? ` (${errors} erros)` : ''}`);
} finally {
  await cleanup();
}
