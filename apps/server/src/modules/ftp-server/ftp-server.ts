import dns from 'node:dns/promises';
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4 } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { FtpSrv, type FtpConnection } from 'ftp-srv';
import { msg } from '@painel/contract';
import type { Core } from '../../app.ts';
import { createLoginThrottle } from '../auth/login-throttle.ts';
import { ownerOfAccount } from '../library/library.ts';
import { LibraryFileSystem } from './ftp-fs.ts';

export interface FtpHandle {
  port: number;
  close(): Promise<void>;
}

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const;
const noop = () => undefined;
/** ftp-srv logs every refused command as an error; the panel's own answers say enough. */
const silentLog = { child: () => silentLog, trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop };

const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
const plainIp = (ip: string | undefined) => (ip ?? '').replace(/^::ffff:/, '');
const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.');

/**
 * The FTP server of every account (ARCHITECTURE: "FTP for customers"), inside the API
 * process. Login: the account's usuario and its FTP password (Dados de Conexão); root:
 * the account's library. Passive mode only — PORT/EPRT are refused, so the server never
 * opens connections to third parties (FTP bounce) — and failed logins are throttled with
 * the same sliding window as the panel's, under their own keys.
 */
export async function startFtp(core: Core, opts: { port?: number; host?: string } = {}): Promise<FtpHandle> {
  const { config, accounts, library } = core;
  const port = opts.port ?? config.ftpPort;
  const host = opts.host ?? config.host;
  const throttle = createLoginThrottle({ db: core.store.db, ...config.login });
  // the address each client reached us on, for passive replies when PUBLIC_HOST names this machine only
  const localOf = new Map<string, string>();

  async function pasvAddress(clientIp: string): Promise<string> {
    const client = plainIp(clientIp);
    if (isLoopback(client)) return '127.0.0.1';
    let address = isIPv4(config.publicHost) ? config.publicHost : '';
    if (!address) address = await dns.lookup(config.publicHost, { family: 4 }).then((r) => r.address, () => '');
    if (address && !isLoopback(address) && address !== '0.0.0.0') return address;
    const local = plainIp(localOf.get(client));
    return isIPv4(local) ? local : '127.0.0.1';
  }

  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const server = new FtpSrv({
    url: `ftp://${host}:${port}`,
    pasv_min: config.ftpPasv.min,
    pasv_max: config.ftpPasv.max,
    pasv_url: pasvAddress as unknown as string,
    anonymous: false,
    greeting: ['Painel de Streaming - FTP'],
    blacklist: ['PORT', 'EPRT', 'SITE'],
    log: silentLog,
    timeout: 0,
  });
  // ftp-srv exits the process on signals by itself; shutting down is main.ts's job
  for (const s of SIGNALS) for (const l of process.listeners(s)) if (!before.get(s)?.has(l)) process.removeListener(s, l);
  (server as unknown as { server: { maxConnections: number } }).server.maxConnections = 500;

  (server as unknown as NodeJS.EventEmitter).on('connect', ({ connection }: { connection: FtpConnection }) => {
    const socket = (connection as unknown as { commandSocket?: { remoteAddress?: string; localAddress?: string } }).commandSocket;
    if (localOf.size > 10_000) localOf.clear();
    if (socket?.remoteAddress && socket.localAddress) localOf.set(plainIp(socket.remoteAddress), socket.localAddress);
  });
  server.on('client-error', noop);

  server.on('login', ({ connection, username, password }, resolve, reject) => {
    const ip = plainIp(connection.ip);
    (async () => {
      const row = await accounts.byLogin(username);
      // FTP attempts have their own budget, apart from the web login's
      const ident = `ftp:${row ? row.id : username.trim().toLowerCase()}`;
      const attempt = await throttle.attempt(`ftp:${ip}`, ident);
      if (attempt.blocked) throw new Error(msg.tooManyAttempts);
      const ok = !!row && row.usuario === username.trim().toLowerCase() && sameSecret(accounts.ftpPassword(row), password);
      if (!row || !ok) {
        await sleep(250); // slows a guesser on one connection too
        throw new Error(msg.ftpWrongCredentials);
      }
      if (row.disabled) throw new Error(msg.accountDisabled);
      await throttle.succeed(ident, attempt.ids);
      return { fs: new LibraryFileSystem(connection, library, ownerOfAccount(row)), cwd: '/' };
    })().then(resolve, (e: unknown) => reject(e instanceof Error ? e : new Error(msg.ftpWrongCredentials)));
  });

  await server.listen();
  const bound = (server as unknown as { server: { address(): { port: number } } }).server.address().port;
  return { port: bound, close: async () => void (await server.close()) };
}
