import dns from 'node:dns/promises';
import net, { isIPv4, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { FtpSrv, type FtpConnection } from 'ftp-srv';
import { errorText, isSuspended, msg } from '@painel/contract';
import type { Core, Services } from '../module.ts';
import { sameSecret } from '../../platform/crypto.ts';
import { orDiskFull } from '../../platform/errors.ts';
import { createLoginThrottle } from '../auth/login-throttle.ts';
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
  /** Passive data ports held by one address at once (a session holds one at most). */
  pasvPerIp: number;
  /** How often open sessions are checked against their account (disabled, password changed). */
  recheckMs: number;
}

export const FTP_LIMITS: FtpLimits = { loginMs: 60_000, idleMs: 5 * 60_000, perIp: 10, total: 500, pasvPerIp: 4, recheckMs: 3000 };

interface DataSocket { destroyed: boolean; bytesRead: number; bytesWritten: number }
interface Watched {
  authenticated?: boolean;
  connector?: { dataSocket?: DataSocket | null; dataServer?: Server | null };
  commands?: { handle?: (command: unknown) => unknown };
  close(code?: number, message?: string): Promise<unknown>;
  reply(code: number, message: string): Promise<unknown>;
}

/** Wraps the session's command handler (ftp-srv has no hook per command). */
function aroundCommands(connection: Watched, around: (directive: string, next: () => Promise<unknown>) => Promise<unknown>): void {
  const commands = connection.commands;
  const handle = commands?.handle?.bind(commands);
  if (!commands || !handle) return;
  commands.handle = (command: unknown) => {
    const raw = typeof command === 'string' ? command : String((command as { directive?: unknown }).directive ?? '');
    const directive = raw.replace(/"/g, '').trim().split(' ')[0]!.toUpperCase();
    return around(directive, () => Promise.resolve(handle(command)));
  };
}

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const;
const noop = () => undefined;
/** ftp-srv logs every refused command as an error; the panel's own answers say enough. */
const silentLog = { child: () => silentLog, trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop };

const plainIp = (ip: string | undefined) => (ip ?? '').replace(/^::ffff:/, '');
const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.');

/**
 * The FTP server of every account, inside the API
 * process. Login: the account's usuario and its FTP password (Dados de Conexão); root:
 * the account's library, on the account's own server only (an account of another server is
 * refused with its server's address, so nothing is written to the wrong disk). Passive mode
 * only — PORT/EPRT are refused, so the server never opens connections to third parties (FTP
 * bounce) — and failed logins are throttled with the same sliding window as the panel's, under
 * their own keys.
 *
 * Nobody can sit on the server's connections: one address holds at most `perIp` of them (a
 * further one is told why in Portuguese and closed), a connection must log in within
 * `loginMs`, and a logged-in one is closed after `idleMs` without use. A running transfer is
 * use — the control connection is quiet during a long upload, so ftp-srv's own socket
 * timeout (which would cut it) stays off and the idle clock here also watches the bytes of
 * the data connection.
 */
export async function startFtp(
  core: Core & { services: Pick<Services, 'servers' | 'accountMove'> }, opts: { port?: number; host?: string; limits?: Partial<FtpLimits> } = {},
): Promise<FtpHandle> {
  const { config, accounts, library } = core;
  const limits: FtpLimits = { ...FTP_LIMITS, ...opts.limits };
  const port = opts.port ?? config.ftpPort;
  const host = opts.host ?? config.host;
  const throttle = createLoginThrottle({ db: core.store.db, ...config.login, scope: 'ftp' });
  // the address each client reached us on, for passive replies when PUBLIC_HOST names this machine only
  const localOf = new Map<string, string>();

  // the passive ports bind `host` too: a client on this machine is sent to that address when it
  // names one (a server bound to 127.0.0.2 beside others on one machine), else to 127.0.0.1
  const loopbackPasv = isIPv4(host) && host !== '0.0.0.0' ? host : '127.0.0.1';
  async function pasvAddress(clientIp: string): Promise<string> {
    const client = plainIp(clientIp);
    if (isLoopback(client)) return loopbackPasv;
    let address = isIPv4(config.publicHost) ? config.publicHost : '';
    if (!address) address = await dns.lookup(config.publicHost, { family: 4 }).then((r) => r.address, () => '');
    if (address && !isLoopback(address) && address !== '0.0.0.0') return address;
    const local = plainIp(localOf.get(client));
    return isIPv4(local) ? local : '127.0.0.1';
  }

  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const server = new FtpSrv({
    url: `ftp://${host.includes(':') ? `[${host}]` : host}:${port}`,
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
    aroundCommands(connection, (_directive, next) => {
      running++;
      last = Date.now();
      return next().finally(() => {
        running--;
        last = Date.now();
      });
    });
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

  /**
   * Passive data ports are a pool shared by every tenant. ftp-srv opens a new listening port on
   * each PASV/EPSV and leaves the previous one open until it times out, so one session could
   * hold the whole pool: a new PASV first closes the session's previous port, an address holds
   * at most `pasvPerIp` ports at once, and ports are handed out from the whole range (ftp-srv's
   * own picker gives up after five busy ports in a row).
   */
  const passiveOf = new Map<string, Set<Server>>();
  const handedOut = new Set<number>();
  function guardPassive(connection: Watched, key: string) {
    aroundCommands(connection, async (directive, next) => {
      if (directive !== 'PASV' && directive !== 'EPSV') return next();
      const previous = connection.connector?.dataServer;
      if (previous && connection.connector) {
        const port = (previous.address() as net.AddressInfo | null)?.port;
        // its 'close' would reset the session's connector, which by then is the new one
        previous.removeAllListeners('close');
        previous.close();
        connection.connector.dataServer = null;
        passiveOf.get(key)?.delete(previous);
        if (port) handedOut.delete(port);
      }
      const held = passiveOf.get(key) ?? new Set<Server>();
      for (const srv of held) if (!srv.listening) held.delete(srv);
      if (held.size >= limits.pasvPerIp) return connection.reply(425, msg.ftpTooManyPassivePorts);
      const result = await next();
      const opened = connection.connector?.dataServer;
      if (opened?.listening && !held.has(opened)) {
        held.add(opened);
        passiveOf.set(key, held);
        const port = (opened.address() as net.AddressInfo).port;
        opened.once('close', () => {
          held.delete(opened);
          handedOut.delete(port);
          if (!held.size && passiveOf.get(key) === held) passiveOf.delete(key);
        });
      }
      return result;
    });
  }

  /** A free port of the passive range, trying the whole range once from where the last search ended. */
  let cursor = config.ftpPasv.min;
  async function nextPassivePort(): Promise<number> {
    const { min, max } = config.ftpPasv;
    for (let i = 0; i <= max - min; i++) {
      const port = cursor;
      cursor = cursor >= max ? min : cursor + 1;
      if (handedOut.has(port)) continue;
      const free = await new Promise<boolean>((resolve) => {
        const probe = net.createServer();
        probe.once('error', () => resolve(false));
        probe.listen(port, host, () => probe.close(() => resolve(true)));
      });
      if (free) {
        handedOut.add(port);
        // a port handed out but never opened (the client went away) goes back to the pool
        setTimeout(() => void (connectionsUsing(port) || handedOut.delete(port)), 60_000).unref();
        return port;
      }
    }
    throw Object.assign(new Error(msg.ftpNoPassivePort), { code: 425 });
  }
  const connectionsUsing = (port: number) =>
    [...passiveOf.values()].some((set) => [...set].some((srv) => srv.listening && (srv.address() as net.AddressInfo).port === port));
  (server as unknown as { getNextPasvPort: () => Promise<number> }).getNextPasvPort = nextPassivePort;

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
    guardPassive(connection as unknown as Watched, key);
    aroundCommands(connection as unknown as Watched, async (_directive, next) =>
      (await stillValid(connection as unknown as Watched)) ? next() : undefined);
    if (localOf.size > 10_000) localOf.clear();
    if (socket.remoteAddress && socket.localAddress) localOf.set(plainIp(socket.remoteAddress), socket.localAddress);
  });
  server.on('client-error', noop);

  /**
   * A logged-in session lasts only while its account does: disabling it or changing its
   * password (which the CLI may do from another process) ends every session, like the panel's.
   * Each command checks first, and a timer closes sessions that sit quiet.
   */
  const sessions = new Map<Watched, { accountId: number; version: number }>();
  async function stillValid(connection: Watched): Promise<boolean> {
    const s = sessions.get(connection);
    if (!s) return true;
    const row = await accounts.byId(s.accountId);
    const moving = !!row && (await core.services.accountMove.isMoving(row.id));
    if (row && !isSuspended(row.suspension) && row.token_version === s.version && livesHere(row.codigo_servidor) && !moving) return true;
    sessions.delete(connection);
    if (moving) {
      await connection.close(421, errorText('account_moving')).catch(noop);
      return false;
    }
    // an account moved to another server meanwhile is told where it is now
    const moved = row && !isSuspended(row.suspension) && row.token_version === s.version;
    await connection.close(421, moved ? await elsewhere(row.codigo_servidor) : msg.ftpSessionEnded).catch(noop);
    return false;
  }
  /**
   * An account's files are only on its own server's disk (codigo_servidor; none: this one): a
   * login on another server is refused, so nothing is ever written to the wrong disk.
   */
  const livesHere = (codigo: number | null) => codigo === null || codigo === config.media.nodeId;
  const elsewhere = async (codigo: number | null) => {
    const server = await core.services.servers.serverOf(codigo);
    return errorText('ftp_account_elsewhere', { host: server.host, porta: server.ftp_port });
  };
  const recheck = setInterval(() => {
    for (const c of sessions.keys()) void stillValid(c).catch(noop);
  }, limits.recheckMs).unref();

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
      if (isSuspended(row.suspension)) throw new Error(msg.accountDisabled);
      await throttle.succeed(connection.ip, ident, attempt.ids);
      // the right password on the wrong server: the reply names the account's server
      if (!livesHere(row.codigo_servidor)) throw new Error(await elsewhere(row.codigo_servidor));
      // on its way to another server: what it would write now would be left behind
      if (await core.services.accountMove.isMoving(row.id)) throw new Error(errorText('account_moving'));
      const watched = connection as unknown as Watched;
      sessions.set(watched, { accountId: row.id, version: row.token_version });
      (connection as unknown as { commandSocket: Socket }).commandSocket.once('close', () => sessions.delete(watched));
      return { fs: new LibraryFileSystem(connection, library, ownerOfAccount(row), config), cwd: '/' };
    })().then(resolve, (e: unknown) => {
      // a login records its attempt: on a full disk the database cannot, and the client is told why
      const told = orDiskFull(e);
      reject(told instanceof Error ? told : new Error(msg.ftpWrongCredentials));
    });
  });

  await server.listen();
  const bound = (server as unknown as { server: { address(): { port: number } } }).server.address().port;
  return {
    port: bound,
    close: async () => {
      clearInterval(recheck);
      await server.close();
    },
  };
}
