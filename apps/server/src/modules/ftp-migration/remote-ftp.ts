import dns from 'node:dns/promises';
import net from 'node:net';
import { Client, FTPError, type FTPContext, type FileInfo, type TransferStrategy } from 'basic-ftp';
import { isFtpVideoName, isRemoteName, type FtpEntry } from '@painel/contract';
import { AppError } from '../../platform/errors.ts';
import { parseLooseIpv4, type OutboundGuard } from '../../platform/outbound-guard.ts';

/**
 * The panel's FTP client for migrations, around basic-ftp, with three rules of its own:
 * - the server passes the outbound guard, and the client connects to the very address the guard
 *   approved (a name is resolved once; a second answer of the DNS cannot point elsewhere);
 * - data connections go to that same address only: a PASV answer naming another host is
 *   refused before anything connects (no FTP bounce into the panel's network);
 * - remote names are only text: entries carry the server's name and its remote path, never a
 *   local path.
 */

/** The server a customer named, pinned to one approved address. */
export interface FtpTarget {
  /** As typed, for messages. */
  host: string;
  address: string;
  port: number;
}

export interface FtpLogin {
  user: string;
  password: string;
}

type Lookup = (host: string) => Promise<string[]>;
const systemLookup: Lookup = async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
const urlHost = (address: string) => (net.isIPv6(address) ? `[${address}]` : address);
const plainIp = (ip: string | undefined) => (ip ?? '').replace(/^::ffff:(?=\d+\.)/i, '');

/** Checks `ftp://host:port` with the guard and picks the address to connect to; AppError(400) when refused. */
export async function approveTarget(
  guard: OutboundGuard, allow: ReadonlySet<string>, host: string, port: number, lookup: Lookup = systemLookup,
): Promise<FtpTarget> {
  const bare = host.replace(/^\[|\]$/g, '');
  const url = await guard.check(`ftp://${urlHost(bare)}:${port}`, ['ftp']);
  const name = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const literal = net.isIP(name) ? name : parseLooseIpv4(name);
  if (literal) return { host: bare, address: literal, port };
  const addresses = await lookup(name).catch(() => [] as string[]);
  if (!addresses.length) throw new AppError('outbound_unresolvable', { host: name });
  // an operator's allow-list entry names the host; the address it resolves to is then trusted
  if (allow.has(`${name}:${port}`)) return { host: bare, address: addresses[0]!, port };
  for (const address of addresses) {
    // the address itself passes the gate: what was approved is what is connected to
    const ok = await guard.check(`ftp://${urlHost(address)}:${port}`, ['ftp']).then(() => true, () => false);
    if (ok) return { host: bare, address, port };
  }
  throw new AppError('outbound_private', { host: name });
}

/** Opens a data connection to host:port for the transfer the control connection is about to start. */
function openData(ftp: FTPContext, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new net.Socket();
    const fail = (e: Error) => {
      socket.destroy();
      reject(e);
    };
    const onTimeout = () => fail(new Error(`data connection to ${host}:${port} timed out`));
    socket.setTimeout(ftp.timeout);
    socket.once('timeout', onTimeout);
    socket.once('error', fail);
    socket.connect({ host, port }, () => {
      socket.setTimeout(0);
      socket.removeListener('timeout', onTimeout);
      socket.removeListener('error', fail);
      ftp.dataSocket = socket; // from here on basic-ftp owns it
      resolve();
    });
  });
}

/** The port of an EPSV answer `229 … (|||6446|)`. */
export function epsvPort(message: string): number | undefined {
  const m = /\(([!-~])\1\1(\d{1,5})\1\)/.exec(message);
  const port = m ? Number(m[2]) : Number.NaN;
  return port >= 1 && port <= 65535 ? port : undefined;
}

/** Host and port of a PASV answer `227 … (h1,h2,h3,h4,p1,p2)`, the host normalised to dotted form. */
export function pasvTarget(message: string): { host: string; port: number } | undefined {
  const m = /(?<![\d])(\d{1,3}),(\d{1,3}),(\d{1,3}),(\d{1,3}),(\d{1,3}),(\d{1,3})/.exec(message);
  if (!m) return undefined;
  const n = m.slice(1).map(Number);
  if (n.some((x) => x > 255)) return undefined;
  const port = n[4]! * 256 + n[5]!;
  return port >= 1 ? { host: n.slice(0, 4).join('.'), port } : undefined;
}

/**
 * basic-ftp's transfer strategy, replaced: EPSV (the data connection goes to the control
 * connection's address by definition), else PASV accepted only when it names that same address.
 * basic-ftp's own PASV handling rewrites private answers to the control host and lets loopback
 * answers through; here any other address is a refusal, and nothing is connected.
 */
export function sameHostTransfer(): TransferStrategy {
  let epsv = true;
  return async (ftp) => {
    const control = plainIp(ftp.socket.remoteAddress);
    if (!control) throw new Error('control connection closed');
    if (epsv) {
      // a negative answer (an old server without EPSV) rejects with an FTPError
      const res = await ftp.request('EPSV').catch((e: unknown) => {
        if (e instanceof FTPError) return null;
        throw e;
      });
      const port = res?.code === 229 ? epsvPort(res.message) : undefined;
      if (res && port !== undefined) {
        await openData(ftp, control, port);
        return res;
      }
      epsv = false; // PASV from now on
    }
    const res = await ftp.request('PASV');
    const target = res.code === 227 ? pasvTarget(res.message) : undefined;
    if (!target) throw new FTPError(res);
    if (target.host !== control) throw new AppError('ftp_passive_elsewhere');
    await openData(ftp, control, target.port);
    return res;
  };
}

/** A refusal the customer can act on, from whatever a remote operation threw. */
export function remoteFailure(e: unknown, fallback: 'ftp_connect_error' | 'ftp_list_error' | 'ftp_scan_error'): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof FTPError && e.code === 530) return new AppError('ftp_login_refused');
  // socket errors (ECONNRESET…) and basic-ftp's timeouts and closed connections: the server went quiet
  const lost = !(e instanceof FTPError) && (typeof (e as { code?: unknown }).code === 'string' || /timeout|closed|FIN packet/i.test(String((e as Error).message)));
  return new AppError(lost ? 'ftp_no_answer' : fallback);
}

/** Connects and logs in; AppError(502) with the reason when the server cannot be used. */
export async function openFtp(target: FtpTarget, login: FtpLogin, opts: { timeoutMs?: number } = {}): Promise<Client> {
  const client = new Client(opts.timeoutMs ?? 20_000);
  client.prepareTransfer = sameHostTransfer();
  try {
    await client.connect(target.address, target.port);
  } catch (e) {
    client.close();
    throw e instanceof FTPError ? remoteFailure(e, 'ftp_connect_error') : new AppError('ftp_unreachable', { host: target.host });
  }
  try {
    // before login too, so a name or password with accents reaches the server as UTF-8
    await client.sendIgnoringError('OPTS UTF8 ON');
    await client.login(login.user, login.password);
    await client.useDefaultSettings();
    return client;
  } catch (e) {
    client.close();
    throw remoteFailure(e, 'ftp_connect_error');
  }
}

/** `dir` + `/` + `name`, as text: the server resolves its own paths. */
export const joinRemote = (dir: string, name: string) => (dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`);

/**
 * The listing as entries: directories first, then by name. A symbolic link is a file when it is
 * named like a video and a directory otherwise (the listing does not say what it points to).
 */
export function toEntries(dir: string, list: FileInfo[]): FtpEntry[] {
  return list
    // a name the migration would refuse as a path is not offered
    .filter((f) => f.name && f.name !== '.' && f.name !== '..' && isRemoteName(f.name))
    .map((f): FtpEntry => {
      const directory = f.isDirectory || (f.isSymbolicLink && !isFtpVideoName(f.name));
      return {
        name: f.name,
        path: joinRemote(dir, f.name),
        type: directory ? 'directory' : 'file',
        isVideo: !directory && isFtpVideoName(f.name),
        size: directory || !Number.isFinite(f.size) ? 0 : Math.max(0, f.size),
      };
    })
    .sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name, 'pt-BR') : a.type === 'directory' ? -1 : 1));
}

/** The entries of a remote directory (entering it first, which also proves it is one). */
export async function listDir(client: Client, dir: string): Promise<FtpEntry[]> {
  await client.cd(dir);
  return toEntries(dir, await client.list());
}
