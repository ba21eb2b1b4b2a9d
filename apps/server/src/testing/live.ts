import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { testStreamArgs, type TestStreamOptions } from '@painel/media/test-stream';
import { freePort, startWorker, type Worker, type WorkerOptions } from '../worker.ts';
import { startHarness, type Harness } from './harness.ts';

/**
 * A real live stack for tests and benchmarks: the API listening on a free loopback port,
 * the worker with a real nginx-rtmp on free ports (RTMP, control, HLS fragments), and ffmpeg
 * test broadcasts. Everything it starts is stopped by close(), also when a test fails half-way.
 */
export interface LiveStack {
  h: Harness;
  worker: Worker;
  apiUrl: string;
  rtmpPort: number;
  /** nginx's HLS port, where the playlists the API serves list their fragments (0 when turned off by env). */
  hlsPort: number;
  publish(streamKey: string, opts?: Partial<TestStreamOptions>): Publisher;
  close(): Promise<void>;
}

export interface Publisher {
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
  stop(): Promise<void>;
}

export async function startLiveStack(opts: { env?: Record<string, string>; worker?: Partial<WorkerOptions> } = {}): Promise<LiveStack> {
  const rtmpPort = await freePort();
  const hlsPort = await freePort();
  const h = await startHarness({ env: { RTMP_PORT: String(rtmpPort), HLS_PORT: String(hlsPort), PUBLIC_HOST: '127.0.0.1', ...opts.env } });
  const publishers = new Set<Publisher>();
  let worker: Worker | undefined;
  try {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = h.app.server.address();
    const apiUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    worker = await startWorker(h.config, {
      core: h.core, apiUrl, log: () => {},
      backoff: { minMs: 200, maxMs: 1000, resetAfterMs: 60_000 }, healthIntervalMs: 300, reconcileMs: 500,
      ...opts.worker,
    });
    await worker.nginx.waitFor('running', 10_000);
    const w = worker;
    return {
      h, worker: w, apiUrl, rtmpPort, hlsPort: h.config.media.hlsPort,
      publish(streamKey, o = {}) {
        const url = `rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`;
        const child = spawn('ffmpeg', testStreamArgs({ url, ...o }), { stdio: ['ignore', 'ignore', 'pipe'] });
        let out = '';
        child.stderr?.on('data', (d) => (out += d));
        const exited = new Promise<number | null>((r) => child.once('close', (code) => r(code)));
        const p: Publisher = {
          child, exited, output: () => out,
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
            await exited;
            publishers.delete(p);
          },
        };
        publishers.add(p);
        return p;
      },
      async close() {
        await Promise.all([...publishers].map((p) => p.stop()));
        await w.stop();
        await h.close();
      },
    };
  } catch (e) {
    await worker?.stop().catch(() => {});
    await h.close().catch(() => {});
    throw e;
  }
}

/**
 * A publisher that connects again when its publish ended (refused, dropped), as OBS does by
 * itself: `ensure()` inside a wait starts a new one if the last one is gone; `stop()` ends it.
 */
export function reconnecting(start: () => Publisher): { ensure(): void; stop(): Promise<void> } {
  let p = start();
  return {
    ensure() {
      if (p.child.exitCode !== null || p.child.signalCode !== null) p = start();
    },
    stop: () => p.stop(),
  };
}

/**
 * A bound on a wait only ends a broken test: it is never the thing a test proves (figures go to
 * bench/). A loaded 2-core machine is 2–5× slower than an idle one, so every wait may take at least
 * this long before it fails, whatever figure its caller names.
 */
export const WAIT_FLOOR_MS = 60_000;

/**
 * Polls until check returns a value (not undefined/false), or fails with the last value seen.
 * `timeoutMs` is what the wait would need on a slow machine; it is raised to WAIT_FLOOR_MS.
 */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs: number, what: string): Promise<T> {
  timeoutMs = Math.max(timeoutMs, WAIT_FLOOR_MS);
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    const v = await check().catch((e: unknown) => {
      last = e;
      return undefined;
    });
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > end) throw new Error(`${what}: não aconteceu em ${timeoutMs} ms (último: ${String(last ?? v)})`);
    await sleep(150);
  }
}
