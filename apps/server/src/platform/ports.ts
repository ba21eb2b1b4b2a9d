import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const listenOnce = (port: number, host: string): Promise<number | null> =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(null));
    s.listen(port, host, () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : null));
    });
  });

/** The first port of the kernel's ephemeral range: what listen(0) and outgoing connections use. */
function ephemeralLow(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

const RESERVED_FROM = 10_000;

/**
 * A loopback port free now, for a server started a moment later (nginx's ports are written
 * into its configuration before it starts). The kernel picks it (listen on port 0).
 *
 * Tests running side by side start many servers, and a port the kernel picked is free only
 * until another listen(0) takes it, before the server meant to use it binds it. When
 * PAINEL_TEST_PORTS names a folder (the test command makes one per run), ports come instead
 * from below the kernel's ephemeral range, where listen(0) and outgoing connections never
 * land, and each is handed out once per run: taking one is creating its file in that folder,
 * which only one process can do.
 */
export async function freePort(): Promise<number> {
  const dir = process.env.PAINEL_TEST_PORTS;
  const high = ephemeralLow() - 1;
  if (!dir || high - RESERVED_FROM < 1000) {
    const port = await listenOnce(0, '127.0.0.1');
    if (port === null) throw new Error('nenhuma porta livre');
    return port;
  }
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < 500; i++) {
    const port = randomInt(RESERVED_FROM, high + 1);
    try {
      fs.writeFileSync(path.join(dir, String(port)), `${process.pid}\n`, { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    // on every address, as nginx listens: a service of the machine may hold it
    if ((await listenOnce(port, '0.0.0.0')) !== null) return port;
  }
  throw new Error(`nenhuma porta livre entre ${RESERVED_FROM} e ${high}`);
}
