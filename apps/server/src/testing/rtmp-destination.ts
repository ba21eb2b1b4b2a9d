import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseRtmpStat, type StatStream } from '@painel/media/rtmp-stat';
import { loadConfig } from '../platform/config.ts';
import { freePort } from '../worker.ts';

/**
 * A stand-in for a streaming platform in tests and benchmarks: a real nginx-rtmp on loopback
 * that accepts publishes only with the right stream key (its on_publish asks a small HTTP
 * server here) and tells, through its stat page, how many bytes each stream really received.
 * It can be taken down and brought back on the same port, as a platform outage would.
 */
export interface RtmpDestination {
  /** rtmp://127.0.0.1:PORT/app, what a user types as "Servidor RTMP". */
  server: string;
  port: number;
  /** host:port for OUTBOUND_ALLOW. */
  allowEntry: string;
  /** Stream keys that were refused, in order. */
  refused: string[];
  /** What arrived under a key: bytes received and whether it is publishing now. */
  received(key: string): Promise<{ bytes: number; publishing: boolean }>;
  streams(): Promise<StatStream[]>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startRtmpDestination(opts: { keys: string[]; app?: string }): Promise<RtmpDestination> {
  const app = opts.app ?? 'live2';
  const media = loadConfig().media;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-destino-'));
  for (const d of ['logs', 'tmp']) fs.mkdirSync(path.join(dir, d));
  const [rtmpPort, statPort] = [await freePort(), await freePort()];
  const refused: string[] = [];
  const hook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const name = new URLSearchParams(body).get('name') ?? '';
      const ok = opts.keys.includes(name);
      if (!ok) refused.push(name);
      res.writeHead(ok ? 200 : 403).end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', () => r()));
  const hookPort = (hook.address() as { port: number }).port;
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, [
    media.rtmpModule ? `load_module ${media.rtmpModule};` : '',
    'daemon off;', 'master_process on;', 'worker_processes 1;', `pid ${dir}/nginx.pid;`, `error_log ${dir}/logs/error.log warn;`,
    process.getuid?.() === 0 ? 'user root root;' : '',
    'events { worker_connections 256; }',
    `rtmp { server { listen 127.0.0.1:${rtmpPort}; chunk_size 4096;`,
    `  application ${app} { live on; record off; on_publish http://127.0.0.1:${hookPort}/publish; notify_method post; }`,
    '} }',
    `http { access_log off; client_body_temp_path ${dir}/tmp/b; proxy_temp_path ${dir}/tmp/p; fastcgi_temp_path ${dir}/tmp/f;`,
    `  uwsgi_temp_path ${dir}/tmp/u; scgi_temp_path ${dir}/tmp/s;`,
    `  server { listen 127.0.0.1:${statPort}; location = /stat { rtmp_stat all; } } }`,
  ].join('\n'));

  let child: ChildProcess | null = null;
  const up = async () => {
    if (child) return;
    const c = spawn(media.nginxBin, ['-p', dir, '-c', conf, '-e', `${dir}/logs/error.log`], { stdio: 'ignore', detached: true });
    child = c;
    c.once('exit', () => {
      if (child === c) child = null;
    });
    // ready once the stat page answers
    for (let i = 0; i < 100; i++) {
      if (await fetch(`http://127.0.0.1:${statPort}/stat`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('o destino RTMP de teste não iniciou');
  };
  const down = async () => {
    const c = child;
    if (!c?.pid) return;
    child = null;
    const gone = new Promise((r) => c.once('exit', r));
    process.kill(-c.pid, 'SIGKILL');
    await gone;
  };
  const streams = async () => parseRtmpStat(await (await fetch(`http://127.0.0.1:${statPort}/stat`)).text()).streams;
  await up();
  return {
    server: `rtmp://127.0.0.1:${rtmpPort}/${app}`,
    port: rtmpPort,
    allowEntry: `127.0.0.1:${rtmpPort}`,
    refused,
    streams,
    async received(key) {
      const s = (await streams().catch(() => [])).find((x) => x.app === app && x.name === key);
      return { bytes: s?.bytesIn ?? 0, publishing: !!s?.publishing };
    },
    down,
    up,
    async close() {
      await down();
      await new Promise((r) => hook.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
