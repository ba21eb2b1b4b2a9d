import fs from 'node:fs';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { once } from 'node:events';

/**
 * A minimal ustar writer and reader for the backup archive, gzip-compressed. Only regular
 * files are written; names are short fixed entry names chosen by the backup (the real paths
 * live in the manifest), so no long-name extensions are needed. Sizes past the octal field
 * use the base-256 form GNU tar reads.
 */

const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mode: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`entry name too long: ${name}`);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(mode & 0o7777, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  if (size < 8 ** 11) h.write(octal(size, 12), 124, 'ascii');
  else {
    // base-256: high bit set, big-endian value in the remaining bytes
    h[124] = 0x80;
    let v = BigInt(size);
    for (let i = 135; i > 124; i--) {
      h[i] = Number(v & 0xffn);
      v >>= 8n;
    }
  }
  h.write(octal(Math.floor(mtime), 12), 136, 'ascii');
  h.fill(' ', 148, 156);
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

function readSize(h: Buffer): number {
  if (h[124]! & 0x80) {
    let v = 0n;
    for (let i = 125; i < 136; i++) v = (v << 8n) | BigInt(h[i]!);
    return Number(v);
  }
  const s = h.subarray(124, 136).toString('ascii').replace(/[\0 ]+$/, '').trim();
  if (!/^[0-7]+$/.test(s)) throw new TarError('tamanho inválido num cabeçalho');
  return Number.parseInt(s, 8);
}

function checksumOk(h: Buffer): boolean {
  const stored = Number.parseInt(h.subarray(148, 156).toString('ascii').replace(/[\0 ]+$/, '').trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
  return stored === sum;
}

export class TarError extends Error {}

/** Writes entries one after another into a gzip'd tar file. */
export class TarWriter {
  private readonly gzip = zlib.createGzip({ level: 6 });
  private readonly out: fs.WriteStream;
  private readonly done: Promise<void>;

  constructor(file: string) {
    this.out = fs.createWriteStream(file, { mode: 0o600, flags: 'wx' });
    this.gzip.pipe(this.out);
    this.done = new Promise((resolve, reject) => {
      this.out.on('close', resolve);
      this.out.on('error', reject);
      this.gzip.on('error', reject);
    });
    this.done.catch(() => {});
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await once(this.gzip, 'drain');
  }

  async addBuffer(name: string, data: Buffer, mode = 0o600): Promise<void> {
    await this.write(header(name, data.length, mode, Date.now() / 1000));
    await this.write(data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad) await this.write(Buffer.alloc(pad));
  }

  /**
   * Copies a file as it is at the moment it is opened (its size then), hashing what is written.
   * A file replaced by a rename meanwhile keeps its old content on the open descriptor.
   */
  async addFile(name: string, file: string): Promise<{ size: number; sha256: string; mode: number }> {
    const fh = await fs.promises.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    try {
      const st = await fh.stat();
      const size = st.size;
      await this.write(header(name, size, st.mode, st.mtimeMs / 1000));
      const hash = createHash('sha256');
      let left = size;
      while (left > 0) {
        const buf = Buffer.allocUnsafe(Math.min(left, 1 << 20));
        const { bytesRead } = await fh.read(buf, 0, buf.length, size - left);
        // a file that shrank while read: the rest is zeros, and the hash says so
        const part = bytesRead > 0 ? buf.subarray(0, bytesRead) : Buffer.alloc(Math.min(left, buf.length));
        hash.update(part);
        await this.write(part);
        left -= part.length;
      }
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (pad) await this.write(Buffer.alloc(pad));
      return { size, sha256: hash.digest('hex'), mode: st.mode & 0o777 };
    } finally {
      await fh.close();
    }
  }

  async close(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.gzip.end();
    await this.done;
  }
}

export interface TarEntryHandler {
  /** Called per entry; returns where its bytes go (a write function) and a finish function. */
  open(name: string, size: number): { write(chunk: Buffer): Promise<void>; end(): Promise<void> };
}

/**
 * Reads a gzip'd tar, handing every regular file's bytes to the handler. Anything that is not
 * a well-formed archive of regular files (bad checksum, other entry types, truncated data,
 * a broken gzip stream) throws.
 */
export async function readTar(file: string, handler: TarEntryHandler): Promise<void> {
  const input = fs.createReadStream(file).pipe(zlib.createGunzip());
  let buf: Buffer = Buffer.alloc(0);
  let state: 'header' | 'data' | 'pad' | 'end' = 'header';
  let left = 0;
  let pad = 0;
  let sink: ReturnType<TarEntryHandler['open']> | undefined;
  let zeros = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        if (state === 'end') {
          buf = Buffer.alloc(0);
          break;
        }
        if (state === 'header') {
          if (buf.length < BLOCK) break;
          const h = buf.subarray(0, BLOCK);
          buf = buf.subarray(BLOCK);
          if (h.every((b) => b === 0)) {
            zeros += 1;
            if (zeros === 2) state = 'end';
            continue;
          }
          if (zeros) throw new TarError('bloco vazio no meio do arquivo');
          if (!checksumOk(h)) throw new TarError('cabeçalho danificado');
          const type = String.fromCharCode(h[156]!);
          if (type !== '0' && type !== '\0') throw new TarError('entrada que não é um arquivo comum');
          const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
          left = readSize(h);
          pad = (BLOCK - (left % BLOCK)) % BLOCK;
          sink = handler.open(name, left);
          state = 'data';
          if (left === 0) {
            await sink.end();
            state = pad ? 'pad' : 'header';
          }
          continue;
        }
        if (state === 'data') {
          if (!buf.length) break;
          const part = buf.subarray(0, Math.min(left, buf.length));
          buf = buf.subarray(part.length);
          left -= part.length;
          await sink!.write(part);
          if (left === 0) {
            await sink!.end();
            state = pad ? 'pad' : 'header';
          }
          continue;
        }
        if (state === 'pad') {
          if (buf.length < pad) {
            pad -= buf.length;
            buf = Buffer.alloc(0);
            break;
          }
          buf = buf.subarray(pad);
          pad = 0;
          state = 'header';
          continue;
        }
      }
    }
  } catch (e) {
    if (e instanceof TarError) throw e;
    throw new TarError(`arquivo compactado danificado ou incompleto (${(e as Error).message})`);
  }
  if (state !== 'end') throw new TarError('arquivo incompleto (terminou antes do fim do backup)');
}
