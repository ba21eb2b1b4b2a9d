import { spawn } from 'node:child_process';
import { testStreamArgs } from '@painel/media/test-stream';

/**
 * Publishes a generated test broadcast like OBS does; stop() ends it, drop() cuts it the way a
 * lost connection does (SIGKILL: the socket closes with no RTMP goodbye).
 */
export function publish(url: string, opts: { videoKbps?: number } = {}): { stop(): Promise<void>; drop(): Promise<void>; exited: Promise<number | null> } {
  const child = spawn('ffmpeg', testStreamArgs({ url, videoKbps: opts.videoKbps ?? 600, keyframeSeconds: 1 }), {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        const t = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(t);
      }
    },
    async drop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export async function apiLogin(baseUrl: string, email: string, password: string): Promise<string> {
  const r = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }),
  });
  const body = (await r.json()) as { token?: string };
  if (!body.token) throw new Error(`login falhou: ${JSON.stringify(body)}`);
  return body.token;
}

export async function apiGet<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const r = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await r.json()) as T;
}

/** A folder made through the API, as set-up for a page under test; its id. */
export async function apiFolder(baseUrl: string, token: string, nome: string): Promise<number> {
  const r = await fetch(`${baseUrl}/api/folders`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ nome }),
  });
  const body = (await r.json()) as { id?: number };
  if (!body.id) throw new Error(`pasta não criada: ${JSON.stringify(body)}`);
  return body.id;
}

/** Polls until fn returns a value; the bound only ends a broken test, so it is at least 60 s whatever the caller names. */
export async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + Math.max(timeoutMs, 60_000);
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > end) throw new Error(`tempo esgotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
