import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { testStreamArgs } from '@painel/media/test-stream';
import { freePort } from '../worker.ts';
import { startRtmpDestination, type RtmpDestination } from './rtmp-destination.ts';

/**
 * External lives for relay tests, on loopback: what a customer would relay from another
 * server. Each can go off the air and come back, as a real source does.
 */
export interface RelaySource {
  /** The address a user types in the relay form. */
  url: string;
  /** host:port for OUTBOUND_ALLOW. */
  allowEntry: string;
  down(): Promise<void>;
  up(): Promise<void>;
  /**
   * The source stays connected but goes silent: its encoder hangs (SIGSTOP). An RTMP origin
   * keeps the publisher's connection and sends its players nothing; an HLS origin keeps
   * serving a playlist that no longer advances. resume() lets it go on (SIGCONT).
   */
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

function ffmpegChild(args: string[]): { child: ChildProcess; signal(sig: NodeJS.Signals): void; stop(): Promise<void> } {
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.resume();
  const exited = new Promise<void>((r) => child.once('close', () => r()));
  return {
    child,
    signal(sig) {
      if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * An RTMP origin: a real nginx-rtmp (many players may read it, as the relay and its probe
 * do) fed by a generated broadcast. down() takes the whole server away.
 */
export async function startRtmpSource(opts: { key?: string; videoKbps?: number } = {}): Promise<RelaySource & { server: RtmpDestination }> {
  const key = opts.key ?? 'origem';
  const server = await startRtmpDestination({ keys: [key], app: 'app' });
  let feed: ReturnType<typeof ffmpegChild> | null = null;
  const up = async () => {
    await server.up();
    feed ??= ffmpegChild(testStreamArgs({ url: `${server.server}/${key}`, videoKbps: opts.videoKbps ?? 500 }));
  };
  const down = async () => {
    await feed?.stop();
    feed = null;
    await server.down();
  };
  await up();
  return {
    url: `${server.server}/${key}`, allowEntry: server.allowEntry, server, up, down,
    stall: () => feed?.signal('SIGSTOP'),
    resume: () => feed?.signal('SIGCONT'),
    async close() {
      await down();
      await server.close();
    },
  };
}

/**
 * An HLS origin served over plain http on a loopback port chosen in advance (so it can be
 * allow-listed before the panel starts): ffmpeg writes a live playlist of 1-s segments, a
 * small server hands the files out.
 */
export async function startHlsSource(): Promise<RelaySource & { port: number }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'painel-hls-origem-'));
  const server = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, name);
    if (!/^[a-z0-9_-]+\.(m3u8|ts)$/.test(name) || !fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t' });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  let gen: ReturnType<typeof ffmpegChild> | null = null;
  const up = async () => {
    gen ??= ffmpegChild([
      '-nostdin', '-hide_banner', '-loglevel', 'error', '-re',
      '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000',
      '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0', '-b:v', '400k',
      // AC-3 sound, as many HLS sources carry: the relay must turn it into AAC for FLV
      '-c:a', 'ac3', '-b:a', '96k',
      '-f', 'hls', '-hls_time', '1', '-hls_list_size', '6', '-hls_flags', 'delete_segments', path.join(dir, 'index.m3u8'),
    ]);
  };
  const down = async () => {
    await gen?.stop();
    gen = null;
  };
  await up();
  return {
    url: `http://127.0.0.1:${port}/live/index.m3u8`, allowEntry: `127.0.0.1:${port}`, port, up, down,
    stall: () => gen?.signal('SIGSTOP'),
    resume: () => gen?.signal('SIGCONT'),
    async close() {
      await down();
      await new Promise((r) => server.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
