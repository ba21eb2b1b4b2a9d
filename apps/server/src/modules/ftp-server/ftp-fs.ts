import fs from 'node:fs';
import { posix } from 'node:path';
import { randomBytes } from 'node:crypto';
import { FileSystem, type FtpConnection } from 'ftp-srv';
import { VIDEO_EXTENSIONS, errorText, folderBody, msg } from '@painel/contract';
import { ensureFreeSpace, type DiskThreshold } from '../../platform/disk-space.ts';
import { AppError, orDiskFull, parse } from '../../platform/errors.ts';
import type { Library, Owner } from '../library/library.ts';
import { displayName } from '../library/storage.ts';
import { IngestWritable } from './ingest-writable.ts';

/** A refusal ftp-srv sends to the client as its 550 reply text. */
class FtpRefusal extends Error {}
const fail = (message: string) => new FtpRefusal(message);
/** Library errors carry Portuguese messages (a full disk too: disk_full); anything unexpected becomes a plain refusal. */
const asFtp = (e: unknown): Error => {
  const x = orDiskFull(e);
  return x instanceof AppError ? fail(x.message) : x instanceof FtpRefusal ? x : fail(msg.ftpNotAllowed);
};

interface Stat {
  name: string;
  size: number;
  mtime: Date;
  mode: number;
  isDirectory(): boolean;
}
const dirStat = (name: string, at: string | Date): Stat => ({ name, size: 0, mtime: new Date(at), mode: 0o755, isDirectory: () => true });
const fileStat = (name: string, size: number, at: string): Stat => ({ name, size, mtime: new Date(at), mode: 0o644, isDirectory: () => false });

/**
 * An account's FTP view of its library: the root lists its folders, each folder its videos
 * by their names in the panel. Nothing the client sends is ever joined to a disk path:
 * paths are normalised as virtual paths (so `..` stops at the root), then looked up in the
 * database; the files served are the library's own, checked against symbolic links.
 * Uploads go through the same ingest as the panel's (quota, probing, verdicts).
 */
export class LibraryFileSystem extends FileSystem {
  readonly #lib: Library;
  readonly #owner: Owner;
  /** The server disk's minimum free space (MIN_FREE_MB); none: not checked. */
  readonly #space: DiskThreshold | undefined;
  #dir = '/';

  constructor(connection: FtpConnection, lib: Library, owner: Owner, space?: DiskThreshold) {
    super(connection, { root: lib.storage.accountDir(owner.login), cwd: '/' });
    this.#lib = lib;
    this.#owner = owner;
    this.#space = space;
  }

  /** ['pasta', 'video.mp4'] for the client's path, relative to the working directory. */
  #segments(p: string | undefined): string[] {
    const raw = p ?? '.';
    // backslashes and NULs are not separators here, and no folder or file name may contain them
    if (raw.includes('\\') || raw.includes('\0')) throw fail(msg.ftpInvalidPath);
    const abs = raw.startsWith('/') ? raw : posix.join(this.#dir, raw);
    return posix.normalize(`/${abs}`).split('/').filter(Boolean).map((s) => s.normalize('NFC'));
  }

  async #folder(nome: string | undefined) {
    const f = nome === undefined ? undefined : await this.#lib.folders.byName(this.#owner, nome);
    if (!f) throw fail(msg.ftpNotFound);
    return f;
  }

  async #video(folderNome: string | undefined, nome: string | undefined) {
    const folder = await this.#folder(folderNome);
    const v = nome === undefined ? undefined : await this.#lib.videos.videoByName(this.#owner, folder.id, nome);
    if (!v) throw fail(msg.ftpNotFound);
    return { folder, video: v };
  }

  override currentDirectory(): string {
    return this.#dir;
  }

  override async get(fileName: string): Promise<Stat> {
    const s = this.#segments(fileName);
    if (s.length === 0) return dirStat('/', new Date());
    if (s.length === 1) {
      const f = await this.#folder(s[0]);
      return dirStat(f.nome, f.created_at);
    }
    if (s.length > 2) throw fail(msg.ftpNotFound);
    const { video } = await this.#video(s[0], s[1]);
    return fileStat(video.nome, Number(video.tamanho), video.updated_at);
  }

  override async list(path = '.'): Promise<Stat[]> {
    const s = this.#segments(path);
    if (s.length === 0) return (await this.#lib.folders.rows(this.#owner)).map((f) => dirStat(f.nome, f.created_at));
    if (s.length > 1) throw fail(msg.ftpNotFound);
    const folder = await this.#folder(s[0]);
    return (await this.#lib.videos.rowsIn(this.#owner, folder.id)).map((v) => fileStat(v.nome, Number(v.tamanho), v.updated_at));
  }

  override async chdir(path = '.'): Promise<string> {
    const s = this.#segments(path);
    if (s.length > 1) throw fail(msg.ftpNotFound);
    this.#dir = s.length === 0 ? '/' : `/${(await this.#folder(s[0])).nome}`;
    return this.#dir;
  }

  override async write(fileName: string, opts: { append?: boolean; start?: number } = {}): Promise<{ stream: IngestWritable; clientPath: string }> {
    if (opts.append || (opts.start ?? 0) > 0) throw fail(msg.ftpResumeRefused);
    const s = this.#segments(fileName);
    if (s.length < 2) throw fail(msg.ftpUploadOutsideFolder);
    if (s.length > 2) throw fail(msg.ftpNoSubfolders);
    const nome = displayName(s[1]);
    const ext = posix.extname(nome).slice(1).toLowerCase();
    if (!(VIDEO_EXTENSIONS as readonly string[]).includes(ext)) throw fail(msg.ftpFormatRefused);
    const folder = await this.#folder(s[0]);
    // a full plan or a server disk under its minimum is refused before any data flows, so the client gets a clean 550
    if (this.#space) await ensureFreeSpace(this.#space).catch((e: unknown) => {
      throw asFtp(e);
    });
    const room = await this.#lib.quota.room(this.#owner);
    if (room.bytes <= 0) throw fail(errorText('quota_exceeded', { totalMb: room.limitMb, usedMb: room.usedMb }));
    let ready!: () => void;
    const opened = new Promise<void>((resolve) => (ready = resolve));
    let ingest!: Promise<unknown>;
    const stream = new IngestWritable((source) => (ingest = this.#lib.videos
      .ingest(this.#owner, folder.id, {
        replace: true, space: this.#space,
        open: async () => {
          ready();
          return { stream: source, filename: nome };
        },
      })
      .catch((e: unknown) => {
        throw asFtp(e);
      })));
    // the folder and the plan's reservation say yes or no before the client is told to send: a
    // refusal there (the database on a full disk) is a clean 550 before any data
    await Promise.race([opened, ingest]);
    return { stream, clientPath: `/${folder.nome}/${nome}` };
  }

  override async read(fileName: string, opts: { start?: number } = {}): Promise<{ stream: fs.ReadStream; clientPath: string }> {
    const s = this.#segments(fileName);
    if (s.length !== 2) throw fail(msg.ftpNotFound);
    const { folder, video } = await this.#video(s[0], s[1]);
    const storage = this.#lib.storage;
    const real = await storage.realFile(this.#owner.login, storage.filePath(this.#owner.login, folder.nome, video.arquivo));
    if (!real) throw fail(msg.ftpNotFound);
    return { stream: fs.createReadStream(real.path, { start: opts.start ?? 0 }), clientPath: `/${folder.nome}/${video.nome}` };
  }

  override async delete(path: string): Promise<void> {
    const s = this.#segments(path);
    try {
      if (s.length === 1) await this.#lib.folders.remove(this.#owner, (await this.#folder(s[0])).id);
      else if (s.length === 2) await this.#lib.videos.remove(this.#owner, (await this.#video(s[0], s[1])).video.id);
      else throw fail(msg.ftpNotFound);
    } catch (e) {
      throw asFtp(e);
    }
  }

  override async mkdir(path: string): Promise<string> {
    const s = this.#segments(path);
    if (s.length !== 1) throw fail(s.length === 0 ? msg.ftpNotAllowed : msg.ftpNoSubfolders);
    try {
      const { nome } = parse(folderBody, { nome: s[0] });
      return `/${(await this.#lib.folders.create(this.#owner, nome)).nome}`;
    } catch (e) {
      throw asFtp(e);
    }
  }

  override async rename(from: string, to: string): Promise<void> {
    const a = this.#segments(from);
    const b = this.#segments(to);
    try {
      if (a.length === 1 && b.length === 1) {
        const { nome } = parse(folderBody, { nome: b[0] });
        await this.#lib.folders.rename(this.#owner, (await this.#folder(a[0])).id, nome);
      } else if (a.length === 2 && b.length === 2) {
        const { video } = await this.#video(a[0], a[1]);
        await this.#lib.videos.move(this.#owner, video.id, (await this.#folder(b[0])).id, displayName(b[1]));
      } else throw fail(msg.ftpNotAllowed);
    } catch (e) {
      throw asFtp(e);
    }
  }

  override chmod(): Promise<never> {
    return Promise.reject(fail(msg.ftpNotAllowed));
  }

  override getUniqueName(): string {
    return `video-${randomBytes(6).toString('hex')}.mp4`;
  }
}
