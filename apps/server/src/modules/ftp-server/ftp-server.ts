import dns from 'node:dns/promises';
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { FtpSrv, type FtpConnection } from 'ftp-srv';
import { msg } from '@painel/contract';
import type { Core } from '../../app.ts';
import { createLoginThrottle } from '../../platform/login-throttle.ts';
import { ownerOfAccount } from '../library/library.ts';
import { ipKey } from '../../platform/ip-key.ts';
import { LibraryFileSystem } from './ftp-fs.ts';

export interface FtpHandle {
  port: number;
  close(): Promise<void>;
}

/** How long an FTP connection may stay open without use; see startFtp. */
export interface FtpLimits {
  /** From connecting to a successful login, however busy the client keeps the connection. */
  loginMs: number;
  /** After login: without a command and without bytes moving on a data connection. */
  idleMs: number;
  /** Open control connections from one address (an IPv6 counts by its /64). */
  perIp: number;
  /** Open control connections in all. */
  total: number;
}

export const FTP_LIMITS: FtpLimits = { loginMs: 60_000, idleMs: 5 * 60_000, perIp: 10, total: 500 };

interface DataSocket { destroyed: boolean; bytesRead: number; bytesWritten: number }
interface Watched {
  authenticated?: boolean;
  connector?: { dataSocket?: DataSocket | null };
  commands?: { handle?: (command: unknown) => unknown };
  close(code?: number, message?: string): Promise<unknown>;
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
 *
 * Nobody can sit on the server's connections: one address holds at most `perIp` of them (a
 * further one is told why in Portuguese and closed), a connection must log in within
 * `loginMs`, and a logged-in one is closed after `idleMs` without use. A running transfer is
 * use — the control connection is quiet during a long upload, so ftp-srv's own socket
 * timeout (which would cut it) stays off and the idle clock here also watches the bytes of
 * the data connection.
 */
export async function startFtp(
  core: Core, opts: { port?: number; host?: string; limits?: Partial<FtpLimits> } = {},
): Promise<FtpHandle> {
  const { config, accounts, library } = core;
  const limits: FtpLimits = { ...FTP_LIMITS, ...opts.limits };
  const port = opts.port ?? config.ftpPort;
  const host = opts.host ?? config.host;
  const throttle = createLoginThrottle({ db: core.store.db, ...config.login, scope: 'ftp' });
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
    timeout: 0, // see watch(): ftp-srv's timeout would cut long transfers
  });
  // ftp-srv exits the process on signals by itself; shutting down is main.ts's job
  for (const s of SIGNALS) for (const l of process.listeners(s)) if (!before.get(s)?.has(l)) process.removeListener(s, l);
  (server as unknown as { server: { maxConnections: number } }).server.maxConnections = limits.total;

  /** Closes the connection once it has waited too long to log in, or sat unused too long after. */
  function watch(connection: Watched, socket: Socket) {
    const opened = Date.now();
    let last = opened;
    let seen: { socket: DataSocket; bytes: number } | null = null;
    let timer: NodeJS.Timeout | undefined;
    let running = 0; // commands not answered yet
    socket.on('data', () => void (last = Date.now())); // every command
    const commands = connection.commands;
    const handle = commands?.handle?.bind(commands);
    if (commands && handle) {
      commands.handle = (command: unknown) => {
        running++;
        last = Date.now();
        return Promise.resolve(handle(command)).finally(() => {
          running--;
          last = Date.now();
        });
      };
    }
    const check = () => {
      const now = Date.now();
      const data = connection.connector?.dataSocket;
      if (data && !data.destroyed) {
        // a transfer counts as use while its bytes move (or it just started); a stalled one does not
        const bytes = data.bytesRead + data.bytesWritten;
        if (seen?.socket !== data || seen.bytes !== bytes) last = now;
        seen = { socket: data, bytes };
      } else if (running > 0) {
        last = now; // a command still at work, e.g. an upload being checked after its last byte
      }
      const authenticated = !!connection.authenticated;
      const deadline = authenticated ? last + limits.idleMs : opened + limits.loginMs;
      if (now >= deadline) {
        void connection.close(421, authenticated ? msg.ftpIdleTimeout : msg.ftpLoginTimeout).catch(noop);
        return;
      }
      // while a transfer runs, look again often enough to notice when it stalls
      const wait = data && !data.destroyed ? Math.min(deadline - now, Math.max(limits.idleMs / 4, 10)) : deadline - now;
      timer = setTimeout(check, wait + 5).unref();
    };
    timer = setTimeout(check, Math.min(limits.loginMs, limits.idleMs)).unref();
    socket.once('close', () => clearTimeout(timer));
  }

  const perIp = new Map<string, number>();
  (server as unknown as NodeJS.EventEmitter).on('connect', ({ connection }: { connection: FtpConnection }) => {
    const socket = (connection as unknown as { commandSocket: Socket }).commandSocket;
    const key = ipKey(socket.remoteAddress);
    const open = perIp.get(key) ?? 0;
    if (open >= limits.perIp) {
      // before ftp-srv's greeting: the client reads the refusal as the server's first answer
      socket.end(`421 ${msg.ftpTooManyConnections}\r\n`, () => socket.destroy());
      return;
    }
    perIp.set(key, open + 1);
    socket.once('close', () => {
      const n = (perIp.get(key) ?? 1) - 1;
      if (n > 0) perIp.set(key, n);
      else perIp.delete(key);
    });
    watch(connection as unknown as Watched, socket);
    if (localOf.size > 10_000) localOf.clear();
    if (socket.remoteAddress && socket.localAddress) localOf.set(plainIp(socket.remoteAddress), socket.localAddress);
  });
  server.on('client-error', noop);

  server.on('login', ({ connection, username, password }, resolve, reject) => {
    (async () => {
      const row = await accounts.byLogin(username);
      const ident = row ? String(row.id) : `?${username.trim().toLowerCase()}`;
      const attempt = await throttle.attempt(connection.ip, ident);
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
