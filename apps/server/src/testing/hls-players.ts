import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../platform/ports.ts';

/** A fragment a player fetched: its place in the stream, its address, the answer. */
export interface FetchedFragment { seq: number; url: URL; status: number; body: Buffer }

/**
 * One HLS player as a loop, for the edge's test and benchmark: reads the playlist every
 * `everyMs` (with its own session key) and fetches every fragment it has not fetched yet, at the
 * address the playlist gives. `onFragment` judges each fragment (it may throw: the error is
 * reported and the player goes on with its next playlist read); every failure goes to `onError`.
 * It plays until `until` (a time) or, sooner, until `enough()` says it has seen what it came for.
 */
export async function playHls(o: {
  playlistUrl: string; session: string; until: number; everyMs: number;
  enough?: () => boolean;
  onPlaylist?: () => void;
  onFragment: (f: FetchedFragment) => void;
  onError: (message: string) => void;
}): Promise<void> {
  let last = -1;
  while (Date.now() < o.until && !o.enough?.()) {
    const started = Date.now();
    try {
      const r = await fetch(`${o.playlistUrl}?sessao=${o.session}`);
      const text = await r.text();
      o.onPlaylist?.();
      if (r.status !== 200) throw new Error(`playlist ${r.status}`);
      let seq = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)$/m.exec(text)?.[1] ?? 0);
      for (const line of text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))) {
        const n = seq++;
        if (n <= last) continue;
        const url = new URL(line, o.playlistUrl);
        const f = await fetch(url);
        o.onFragment({ seq: n, url, status: f.status, body: Buffer.from(await f.arrayBuffer()) });
        last = n;
      }
    } catch (e) {
      o.onError((e as Error).message);
    }
    await sleep(Math.max(0, o.everyMs - (Date.now() - started)));
  }
}

/** A request as the origin saw it. */
export interface OriginHit { path: string; at: number; userAgent: string }

/**
 * Between an edge and a server's HLS port: passes every request on unchanged and writes down
 * what the server was asked, so the origin's requests are counted without trusting the edge.
 */
export async function countingProxy(target: number): Promise<{ port: number; hits: OriginHit[]; close(): Promise<void> }> {
  const hits: OriginHit[] = [];
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    hits.push({ path: req.url ?? '', at: Date.now(), userAgent: String(req.headers['user-agent'] ?? '') });
    const up = http.request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers, agent }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return {
    port, hits,
    close: () => new Promise<void>((r) => {
      agent.destroy();
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
