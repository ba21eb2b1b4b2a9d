import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * A self-signed certificate for 127.0.0.1, only for tests: an HTTPS origin on loopback (ffmpeg
 * does not verify certificates unless told to). Generated once with
 * `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 -subj /CN=127.0.0.1`.
 */
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgY84AGteoEfAU9qdl
eTSPAGbJ7/r1AOutUg8lyDY1gVGhRANCAAQO+0P+wxWzuJzdOjwC5QHX+3j9KG0M
FHoC9aw3KO6mzpBu+4IVuf3ETDSoTd4HPp7Ak+nRPnbgrJBahM0Q5fH+
-----END PRIVATE KEY-----
`;
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBgDCCASWgAwIBAgIUL8YJzs/Rqm2oLQER4+bNCrMwtRQwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyNTE5NDU1MVoYDzIxMjYxMTAx
MTk0NTUxWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQO+0P+wxWzuJzdOjwC5QHX+3j9KG0MFHoC9aw3KO6mzpBu+4IVuf3E
TDSoTd4HPp7Ak+nRPnbgrJBahM0Q5fH+o1MwUTAdBgNVHQ4EFgQUYLhMMPXq3YLS
X6qMF7M08ODRANAwHwYDVR0jBBgwFoAUYLhMMPXq3YLSX6qMF7M08ODRANAwDwYD
VR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNJADBGAiEA4wC8vlHmYrZnRlPMAILY
YAuXG8xPaDkPz8RU5qBT9uMCIQCdgYKXxvlGJo6K244TRm+BcQYCFlmnXViK8XcF
kCv79w==
-----END CERTIFICATE-----
`;

export interface Listener {
  port: number;
  close(): Promise<void>;
}

/** A loopback port that only counts who connects to it: what the guard must keep everyone away from. */
export async function startTrap(): Promise<Listener & { connections(): number }> {
  let n = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    n += 1;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
  });
  const port = await listen(server);
  return { port, connections: () => n, close: () => closeAll(server, sockets) };
}

/**
 * An origin that serves what a hostile or careless playlist does: redirects, variants,
 * segments and keys on another host (`target`, a base URL such as http://127.0.0.1:PORT).
 * Plain HTTP, or HTTPS with the test certificate.
 */
export async function startHostileOrigin(target: { http: string; https: string }, tls = false): Promise<Listener & { url(path: string): string; allowEntry: string }> {
  const handler: http.RequestListener = (req, res) => {
    const m3u8 = (body: string) => res.writeHead(200, { 'Content-Type': 'application/vnd.apple.mpegurl' }).end(body);
    const base = tls ? target.https : target.http;
    switch (req.url) {
      case '/redirect.m3u8':
        return void res.writeHead(302, { Location: `${base}/latest/meta-data/` }).end();
      case '/segments.m3u8':
        return void m3u8(`#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${base}/seg0.ts\n#EXTINF:2,\n${base}/seg1.ts\n`);
      case '/variants.m3u8':
        return void m3u8(`#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n${base}/media.m3u8\n`);
      case '/key.m3u8':
        return void m3u8(`#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-KEY:METHOD=AES-128,URI="${base}/key.bin"\n#EXTINF:2,\nseg0.ts\n`);
      default:
        return void res.writeHead(404).end();
    }
  };
  const server = tls ? https.createServer({ key: TEST_KEY, cert: TEST_CERT }, handler) : http.createServer(handler);
  const sockets = new Set<net.Socket>();
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const port = await listen(server);
  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return { port, allowEntry: `127.0.0.1:${port}`, url: (p) => `${origin}${p}`, close: () => closeAll(server, sockets) };
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const a = server.address();
    resolve(typeof a === 'object' && a ? a.port : 0);
  }));
}

function closeAll(server: net.Server, sockets: Set<net.Socket>): Promise<void> {
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}
