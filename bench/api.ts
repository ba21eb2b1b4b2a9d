/**
 * bench/api: how many authenticated requests a second the panel's API answers on the pages
 * every owner opens, against a bare Fastify route on the same machine in the same run.
 *
 *   node bench/api.ts [--seconds 8] [--connections 50] [--cpu-prof]
 *
 * Each server runs in its own process (bench/api-server.ts); autocannon, as a library, loads
 * it from this one with 50 connections for 8 s after a 2-s warm-up. Printed per endpoint:
 * requests a second, mean latency and the ratio against the bare route measured right before
 * it (aim ≥ 0.3).
 * --cpu-prof writes the API process's CPU profile into bench/profiles/ (open it in Chrome's
 * DevTools) to see where the time goes. --read-cache-ms 0 measures every request computed
 * afresh (the per-account 1-s reuse of the polled pages turned off); --only status picks routes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    'cpu-prof': { type: 'boolean', default: false },
    only: { type: 'string' },
    'read-cache-ms': { type: 'string' },
  },
});
const SECONDS = Math.max(1, Number(values.seconds) || 8);
const CONNECTIONS = Math.max(1, Number(values.connections) || 50);
const AIM = 0.3;
const ENDPOINTS = ['/api/auth/me', '/api/dashboard/stats', '/api/folders', '/api/streaming/status']
  .filter((e) => !values.only || e.includes(values.only));

interface Server { url: string; token?: string; child: ChildProcess }

async function startServer(kind: 'panel' | 'bare'): Promise<Server> {
  const prof = values['cpu-prof'] && kind === 'panel' ? ['--cpu-prof', '--cpu-prof-dir', path.join(import.meta.dirname, 'profiles')] : [];
  const child = spawn(process.execPath, [...prof, path.join(import.meta.dirname, 'api-server.ts'), kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(values['read-cache-ms'] !== undefined ? { READ_CACHE_MS: values['read-cache-ms'] } : {}) },
  });
  const first = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.once('line', (l) => { rl.close(); resolve(l); });
    child.once('exit', (code) => reject(new Error(`servidor ${kind} saiu (${code})`)));
  });
  child.stdout!.resume();
  return { ...(JSON.parse(first) as { url: string; token?: string }), child };
}

async function stop(s: Server): Promise<void> {
  const exited = new Promise<void>((r) => s.child.once('exit', () => r()));
  s.child.kill('SIGTERM');
  await exited;
}

interface Figure { rps: number; latency: number; errors: number }

async function load(url: string, token: string | undefined, seconds: number): Promise<Figure> {
  const r = await autocannon({
    url, connections: CONNECTIONS, duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { rps: r.requests.average, latency: r.latency.average, errors: r.errors + r.non2xx };
}

// both servers up at once, and the reference measured again right before each endpoint, so a
// ratio compares two figures taken a few seconds apart on the same machine
const bare = await startServer('bare');
const panel = await startServer('panel');
const rows: Array<[string, Figure, Figure]> = [];
for (const e of ENDPOINTS) {
  await load(bare.url, undefined, 2);
  const reference = await load(bare.url, undefined, SECONDS);
  await load(panel.url + e, panel.token, 2);
  rows.push([e, await load(panel.url + e, panel.token, SECONDS), reference]);
}
await stop(bare);
await stop(panel);

const n = (x: number) => Math.round(x).toLocaleString('en-US');
console.log(`\n${CONNECTIONS} conexões, ${SECONDS} s por medida; referência: Fastify puro (GET / → JSON) medido logo antes de cada rota; alvo ≥ ${AIM}×\n`);
console.log('rota (autenticada)'.padEnd(26), 'req/s'.padStart(8), 'latência'.padStart(10), 'erros'.padStart(6), 'referência'.padStart(11), 'razão'.padStart(7), '');
let ok = true;
for (const [e, f, ref] of rows) {
  const ratio = f.rps / ref.rps;
  ok &&= ratio >= AIM && f.errors === 0;
  console.log(e.padEnd(26), n(f.rps).padStart(8), `${f.latency.toFixed(1)} ms`.padStart(10), String(f.errors).padStart(6), n(ref.rps).padStart(11), ratio.toFixed(3).padStart(7), ratio >= AIM ? '✔' : '✖');
}
console.log(ok ? '\ntodas as rotas no alvo' : '\nalguma rota abaixo do alvo');
