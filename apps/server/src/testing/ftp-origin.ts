import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type net from 'node:net';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { FileSystem, FtpSrv, type FtpConnection } from 'ftp-srv';

/**
 * An old host's FTP server for tests of the FTP migration: a real ftp-srv on loopback serving
 * a read-only tree from memory. Names are taken as given, so a test can list an entry the way a
 * hostile server would (`../escape.mp4`), and downloads can be slowed down to catch a
 * migration mid-way.
 */
export type OriginTree = { [name: string]: Buffer | OriginTree };

export interface FtpOriginOptions {
  tree: OriginTree;
  user?: string;
  password?: string;
  /** The address PASV answers name; default the address the client reached. */
  pasvAddress?: string;
  pasvPorts?: { min: number; max: number };
  /** Commands answered 502, e.g. EPSV so the client must use PASV. */
  blacklist?: string[];
  /** Each download is held to this many bytes per second (default: no limit). */
  bytesPerSecond?: number;
  /** Files whose size the server does not tell (0 in listings and SIZE), as some old servers do. */
  hiddenSizes?: string[];
}

export interface FtpOrigin {
  host: string;
  port: number;
  /** host:port for OUTBOUND_ALLOW. */
  allowEntry: string;
  user: string;
  password: string;
  /** Paths downloaded (RETR), in order. */
  reads: string[];
  close(): Promise<void>;
}

interface Node {
  name: string;
  data?: Buffer;
  children?: string[];
}

const join = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);
const missing = () => Object.assign(new Error('No such file or directory'), { code: 550 });

/** The tree flattened to exact paths: a name with a slash stays one entry of its directory. */
function flatten(tree: OriginTree, dir = '/', into = new Map<string, Node>([['/', { name: '/', children: [] }]])): Map<string, Node> {
  for (const [name, value] of Object.entries(tree)) {
    const p = join(dir, name);
    into.get(dir)!.children!.push(p);
    if (Buffer.isBuffer(value)) into.set(p, { name, data: value });
    else {
      into.set(p, { name, children: [] });
      flatten(value, p, into);
    }
  }
  return into;
}

class OriginFileSystem extends FileSystem {
  #cwd = '/';
  readonly #nodes: Map<string, Node>;
  readonly #opts: FtpOriginOptions;
  readonly #reads: string[];

  constructor(connection: FtpConnection, nodes: Map<string, Node>, opts: FtpOriginOptions, reads: string[]) {
    super(connection, { root: '/', cwd: '/' });
    this.#nodes = nodes;
    this.#opts = opts;
    this.#reads = reads;
  }

  #path(p?: string): string {
    if (!p || p === '.') return this.#cwd;
    if (p === '..') return this.#cwd.slice(0, this.#cwd.lastIndexOf('/')) || '/';
    const abs = p.startsWith('/') ? p : join(this.#cwd, p);
    return abs.length > 1 ? abs.replace(/\/+$/, '') : abs;
  }

  #node(p?: string): { path: string; node: Node } {
    const path = this.#path(p);
    const node = this.#nodes.get(path);
    if (!node) throw missing();
    return { path, node };
  }

  #stat(node: Node, path: string) {
    const dir = !!node.children;
    const size = this.#opts.hiddenSizes?.includes(path) ? 0 : (node.data?.length ?? 0);
    return { name: node.name, size, mtime: new Date(), mode: dir ? 0o755 : 0o644, isDirectory: () => dir };
  }

  override currentDirectory(): string {
    return this.#cwd;
  }
  override async get(fileName: string) {
    const { path, node } = this.#node(fileName);
    return this.#stat(node, path);
  }
  override async list(p?: string) {
    const { node } = this.#node(p);
    if (!node.children) throw missing();
    return node.children.map((c) => this.#stat(this.#nodes.get(c)!, c));
  }
  override async chdir(p?: string): Promise<string> {
    const { path, node } = this.#node(p);
    if (!node.children) throw missing();
    this.#cwd = path;
    return path;
  }
  override async read(fileName: string) {
    const { path, node } = this.#node(fileName);
    if (!node.data) throw missing();
    this.#reads.push(path);
    const data = node.data;
    const rate = this.#opts.bytesPerSecond ?? 0;
    if (!rate) return Readable.from([data]);
    const step = Math.max(1, Math.floor(rate / 10));
    return Readable.from((async function* () {
      for (let at = 0; at < data.length; at += step) {
        await sleep(100);
        yield data.subarray(at, at + step);
      }
    })());
  }
  override write(): never {
    throw Object.assign(new Error('Read-only'), { code: 550 });
  }
}

const noop = () => undefined;
const silentLog = { child: () => silentLog, trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop };
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const;

export async function startFtpOrigin(opts: FtpOriginOptions): Promise<FtpOrigin> {
  const host = '127.0.0.1';
  const user = opts.user ?? 'antigo';
  const password = opts.password ?? 'senha-do-host-antigo';
  const nodes = flatten(opts.tree);
  const reads: string[] = [];
  // loaded only when needed: the worker module's imports would slow the child-process variant down by seconds
  const pasvMin = opts.pasvPorts?.min ?? (await (await import('../worker.ts')).freePort());
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const server = new FtpSrv({
    url: `ftp://${host}:0`,
    pasv_min: pasvMin,
    pasv_max: opts.pasvPorts?.max ?? pasvMin + 30,
    // a function, so ftp-srv answers with it even to a loopback client
    pasv_url: (() => opts.pasvAddress ?? host) as unknown as string,
    anonymous: false,
    blacklist: opts.blacklist ?? [],
    greeting: ['Servidor antigo'],
    log: silentLog,
  });
  // ftp-srv exits the process on these signals by itself; the test runner decides that
  for (const s of SIGNALS) for (const l of process.listeners(s)) if (!before.get(s)?.has(l)) process.removeListener(s, l);
  server.on('login', ({ connection, username, password: given }, resolve, reject) => {
    if (username === user && given === password) resolve({ fs: new OriginFileSystem(connection, nodes, opts, reads) });
    else reject(new Error('Login incorrect'));
  });
  await server.listen();
  const port = ((server as unknown as { server: net.Server }).server.address() as net.AddressInfo).port;
  return {
    host, port, allowEntry: `${host}:${port}`, user, password, reads,
    close: async () => {
      await server.close();
    },
  };
}

/**
 * The same server in a child process, for origins whose passive ports go unused on purpose
 * (the client refuses them): ftp-srv keeps a 30-s timer per unused passive port, which would
 * hold the test process open after its last test. Its tree holds text files only.
 */
export async function startFtpOriginProcess(opts: Omit<FtpOriginOptions, 'tree'> & { tree: TextTree }): Promise<Omit<FtpOrigin, 'reads'>> {
  const child = spawn(process.execPath, [import.meta.filename, JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const started = JSON.parse(line.toString()) as Omit<FtpOrigin, 'reads' | 'close'>;
  return {
    ...started,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
    },
  };
}
export type TextTree = { [name: string]: string | TextTree };

const fromText = (t: TextTree): OriginTree =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, typeof v === 'string' ? Buffer.from(v) : fromText(v)]));

if (import.meta.main) {
  const opts = JSON.parse(process.argv[2]!) as Omit<FtpOriginOptions, 'tree'> & { tree: TextTree };
  const { reads: _reads, close: _close, ...started } = await startFtpOrigin({ ...opts, tree: fromText(opts.tree) });
  process.stdout.write(`${JSON.stringify(started)}\n`);
}
