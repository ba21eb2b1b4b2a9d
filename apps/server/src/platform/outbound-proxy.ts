import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { AppError } from './errors.ts';
import type { OutboundGuard } from './outbound-guard.ts';

/**
 * A loopback HTTP proxy that puts the outbound guard in front of everything an ffmpeg opens
 * over HTTP(S) on a customer's behalf. ffmpeg follows redirects, loads variant playlists,
 * segments and AES keys from any host a playlist names; started with `http_proxy` pointing
 * here, it opens each of them through this proxy (plain HTTP as absolute-URI requests, HTTPS
 * and RTMPS as CONNECT tunnels), so every host is checked, and the connection goes to the very
 * address the guard approved (no second DNS answer in between). A refused address gets a 403
 * and nothing reaches it; the guard's message is kept for the caller to show.
 */
export interface OutboundProxy {
  /** The value of ffmpeg's `http_proxy` (environment variable or option). */
  url: string;
  /** The guard's refusals of what was asked (each with its code and Portuguese message), first one first. */
  refusals(): AppError[];
  close(): Promise<void>;
}

/**
 * The environment of an ffmpeg behind the proxy: `http_proxy` set, and no `no_proxy` that
 * would let some hosts bypass it.
 */
export function proxiedEnv(proxy: Pick<OutboundProxy, 'url'>, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env = { ...base };
  for (const k of ['no_proxy', 'NO_PROXY', 'HTTP_PROXY', 'HTTPS_PROXY', 'https_proxy', 'ALL_PROXY', 'all_proxy']) delete env[k];
  return { ...env, http_proxy: proxy.url };
}

/** A tunnel or a request that stays silent this long is closed. */
const IDLE_MS = 60_000;
const HOP_HEADERS = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade'];

export async function startOutboundProxy(
  guard: OutboundGuard, opts: { onRefuse?: (message: string, error: AppError) => void } = {},
): Promise<OutboundProxy> {
  const refused: AppError[] = [];
  const sockets = new Set<Duplex>();
  const track = (s: Duplex) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };

  /** The approved address to dial for host:port, or null (and the refusal recorded). */
  async function approve(raw: string, scheme: 'http' | 'https'): Promise<{ host: string; address: string; port: number } | null> {
    try {
      const { url, addresses } = await guard.resolve(raw, [scheme]);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      return { host, address: addresses[0] ?? host, port: Number(url.port) || (scheme === 'https' ? 443 : 80) };
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      refused.push(e);
      opts.onRefuse?.(e.message, e);
      return null;
    }
  }

  const server = http.createServer((req, res) => {
    track(req.socket);
    void (async () => {
      // only what a player asks for: GET or HEAD of an absolute http:// address
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !/^http:\/\//i.test(req.url ?? '')) {
        res.writeHead(405).end();
        return;
      }
      const target = new URL(req.url!);
      const ok = await approve(target.href, 'http');
      if (!ok) {
        res.writeHead(403).end();
        return;
      }
      const headers = { ...req.headers };
      for (const h of HOP_HEADERS) delete headers[h];
      const up = http.request({
        host: ok.address, port: ok.port, method: req.method, path: `${target.pathname}${target.search}`,
        headers: { ...headers, host: target.host }, timeout: IDLE_MS,
      }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('timeout', () => up.destroy());
      up.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      up.end();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  server.on('connect', (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    void (async () => {
      const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(req.url ?? '');
      const ok = m ? await approve(`https://${m[1]!.includes(':') ? `[${m[1]}]` : m[1]}:${m[2]}/`, 'https') : null;
      if (!ok) {
        client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      const up = net.connect({ host: ok.address, port: ok.port });
      track(up);
      up.setTimeout(IDLE_MS, () => up.destroy());
      client.on('close', () => up.destroy());
      up.on('close', () => client.destroy());
      up.once('connect', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length) up.write(head);
        up.pipe(client);
        client.pipe(up);
      });
    })().catch(() => client.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    refusals: () => [...refused],
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}
