import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Video } from '@painel/contract';
import type { ProbeFacts } from '@painel/media/probe';
import { nowIso, type Db } from '../../platform/db.ts';
import { diskFullError, type DiskThreshold } from '../../platform/disk-space.ts';
import { AppError, orDiskFull } from '../../platform/errors.ts';
import { toMb } from '../../platform/units.ts';
import { folderNotFound, type LibraryGuard } from './folders.service.ts';
import { createMoves } from './fs-moves.ts';
import type { LibraryRepo, VideoRow } from './library.repo.ts';
import type { Owner } from './owner.ts';
import type { Prober } from './prober.ts';
import { FileSink } from './file-sink.ts';
import type { Quota } from './quota.ts';
import { contentType, displayName, uniqueName, type Storage } from './storage.ts';
import { contentGrant, toVideo } from './video-view.ts';
import type { Grants } from '../../platform/crypto.ts';

export const videoNotFound = () => new AppError('video_not_found');
const extOf = (nome: string) => path.extname(nome).slice(1).toLowerCase();
/** The playback URL's file segment: the generated stem, with .mp4 or the real extension. */
const CONTENT_FILE = /^([0-9a-f]{24})\.[a-z0-9]{2,5}$/;

export interface IngestSource {
  stream: Readable;
  /** The user's file name (kept as the video's nome, never used as a path). */
  filename: string;
}

export interface IngestOptions {
  /** Bytes the sender declared (Content-Length); lets an upload that cannot fit be refused before it starts. */
  declaredBytes?: number | undefined;
  /** Yields the bytes; called once the folder and the quota have said yes. */
  open(): Promise<IngestSource>;
  /** FTP semantics: a video with the same name in the folder is replaced (keeping its id); else the name gets a (2) suffix. */
  replace?: boolean;
  /** The server disk's minimum (MIN_FREE_MB): the upload stops with `disk_full` when the free space falls under its reserve. */
  space?: DiskThreshold | undefined;
}

interface PlaceOptions {
  replace?: boolean; // FTP: a video of the same name in the folder takes the new file
  adopt?: boolean; // sync: the file is already in the folder
  otimizado?: boolean;
  /** Conversion: this video (same id, so playlists keep it) takes the new file and the name, only if its file is still `expectArquivo`. */
  replaceId?: number;
  expectArquivo?: string;
}

/** What a job that made a file may add to importFile / replaceFile. */
export interface JobFileOptions {
  otimizado?: boolean;
  /** Sees the probe of the file before it goes in (null: not a video); throws to refuse it. */
  verify?: (facts: ProbeFacts | null) => void;
}

export function createVideosService(deps: {
  db: Db; repo: LibraryRepo; storage: Storage; quota: Quota; probe: Prober; guards: LibraryGuard[]; grants: Grants;
}) {
  const { db, repo, storage, quota, probe, guards, grants } = deps;
  /** The stored row as the client sees it, its address carrying a read grant for this one video. */
  const view = (row: VideoRow, folder: string, owner: Owner) => toVideo(row, folder, owner, contentGrant(grants, owner.userId, row.id));

  function columns(facts: ProbeFacts, tamanho: number) {
    return {
      tamanho,
      duracao: facts.durationS,
      formato_original: facts.container,
      is_mp4: facts.isMp4 ? 1 : 0,
      codec_video: facts.videoCodec,
      codec_audio: facts.audioCodec,
      pix_fmt: facts.pixFmt,
      largura: facts.width,
      altura: facts.height,
      bitrate_video: facts.bitrateKbps,
    };
  }

  /**
   * Records a probed file and moves it to its generated name in the folder, in one step:
   * the rename happens inside the transaction and is undone if the commit fails.
   * `src` is a temp file (uploads) or a file already in the folder (sync).
   */
  async function place(owner: Owner, folderId: number, src: string, facts: ProbeFacts, size: number, nome: string, opts: PlaceOptions) {
    const moves = createMoves();
    let replaced: string | null = null;
    try {
      const { row, folder } = await db.transaction().execute(async (tx) => {
        const folder = await repo.lockFolder(tx, owner.userId, folderId);
        if (!folder) throw folderNotFound();
        const dir = storage.folderDir(owner.login, folder.nome);
        // sync: another sync or an upload may have taken this file while it was probed
        if (opts.adopt && (path.dirname(src) !== dir || !(await fsp.lstat(src).then((s) => s.isFile(), () => false)))) return { row: null, folder };
        await fsp.mkdir(dir, { recursive: true });
        const arquivo = storage.newArquivo(facts.container);
        const at = nowIso();
        const existing = opts.replaceId !== undefined ? await repo.video(tx, owner.userId, opts.replaceId)
          : opts.replace ? await repo.videoByName(tx, owner.userId, folderId, nome) : undefined;
        if (opts.replaceId !== undefined && !existing) throw videoNotFound();
        // the video must still be where, and what, the new file was made from (not moved or replaced over FTP meanwhile)
        const changed = opts.replaceId !== undefined && existing?.folder_id !== folderId;
        if (changed || (opts.expectArquivo !== undefined && existing?.arquivo !== opts.expectArquivo)) throw new AppError('conversion_source_changed');
        let row: VideoRow;
        if (existing) {
          const taken = opts.replaceId !== undefined && nome !== existing.nome ? await repo.namesIn(tx, folderId) : null;
          taken?.delete(existing.nome);
          row = await repo.updateVideo(tx, existing.id, {
            ...columns(facts, size), ...(taken ? { nome: uniqueName(nome, taken) } : {}), arquivo, otimizado: opts.otimizado ? 1 : 0, updated_at: at,
          });
          replaced = await storage.tempPath('trash');
          await moves.move(path.join(dir, existing.arquivo), replaced, { missingOk: true });
        } else {
          const unique = uniqueName(nome, await repo.namesIn(tx, folderId));
          row = await repo.insertVideo(tx, {
            user_id: owner.userId, folder_id: folderId, nome: unique, arquivo, ...columns(facts, size), otimizado: opts.otimizado ? 1 : 0,
            created_at: at, updated_at: at,
          });
        }
        await moves.move(src, path.join(dir, arquivo));
        return { row, folder };
      });
      if (replaced) await fsp.rm(replaced, { force: true });
      return row ? view(row, folder.nome, owner) : null;
    } catch (e) {
      await moves.undo();
      throw e;
    }
  }

  /** A job's finished file: quota for `reserve` bytes (when positive), probe, the job's `verify`, place; refused, it stays for the job. */
  async function placeFile(owner: Owner, folderId: number, file: string, nome: string, size: number, reserve: number, opts: PlaceOptions & JobFileOptions): Promise<Video> {
    const reservation = reserve > 0 ? await quota.open(owner, reserve) : null;
    try {
      const facts = await probe(file, extOf(nome));
      opts.verify?.(facts);
      if (!facts) throw new AppError('upload_not_video');
      const video = await place(owner, folderId, file, facts, size, displayName(nome), opts);
      if (!video) throw folderNotFound();
      return video;
    } catch (e) {
      throw orDiskFull(e);
    } finally {
      await reservation?.release().catch(() => undefined);
    }
  }

  const videos = {
    /** A stored row as the client sees it (verdict against the plan, playback address). */
    present: view,

    async list(owner: Owner, folderId: number): Promise<Video[]> {
      const folder = await repo.folder(db, owner.userId, folderId);
      if (!folder) throw folderNotFound();
      return (await repo.videosIn(db, owner.userId, folderId)).map((r) => view(r, folder.nome, owner));
    },

    async get(owner: Owner, id: number): Promise<{ row: VideoRow; folder: string }> {
      const row = await repo.video(db, owner.userId, id);
      const folder = row && (await repo.folder(db, owner.userId, row.folder_id));
      if (!row || !folder) throw videoNotFound();
      return { row, folder: folder.nome };
    },

    /** Several videos of the account as the client sees them, in the order of `ids`; 404 when one is not the account's. */
    async presentMany(owner: Owner, ids: number[]): Promise<Video[]> {
      const rows = new Map((await repo.videosWithFolder(db, owner.userId, ids)).map((r) => [r.id, r]));
      return ids.map((id) => {
        const r = rows.get(id);
        if (!r) throw videoNotFound();
        const { pasta, ...row } = r;
        return view(row, pasta, owner);
      });
    },

    videoByName: (owner: Owner, folderId: number, nome: string) => repo.videoByName(db, owner.userId, folderId, nome),
    rowsIn: (owner: Owner, folderId: number) => repo.videosIn(db, owner.userId, folderId),

    /**
     * One upload, from any door (API, FTP, jobs): folder check, quota reservation, bytes
     * to a temp file while counted against the plan, ffprobe, then rename + row together.
     * Whatever fails leaves neither file nor row; a full disk fails it with `disk_full`.
     */
    async ingest(owner: Owner, folderId: number, opts: IngestOptions): Promise<Video> {
      /** A full disk (the temp file, the folder, the database) is told as such; looked at before the temp file goes. */
      const told = async (e: unknown) => (opts.space ? diskFullError(e, opts.space) : orDiskFull(e));
      if (!(await repo.folder(db, owner.userId, folderId))) throw folderNotFound();
      const reservation = await quota.open(owner, opts.declaredBytes ?? 0).catch(async (e: unknown) => {
        throw await told(e);
      });
      let temp: string | null = null;
      try {
        temp = await storage.tempPath('up');
        const source = await opts.open();
        const sink = new FileSink(temp, reservation, opts.space);
        await pipeline(source.stream, sink);
        const nome = displayName(source.filename);
        const facts = await probe(temp, extOf(nome));
        if (!facts) throw new AppError('upload_not_video');
        const video = await place(owner, folderId, temp, facts, sink.received, nome, { replace: !!opts.replace });
        if (!video) throw folderNotFound();
        return video;
      } catch (e) {
        throw await told(e);
      } finally {
        if (temp) await fsp.rm(temp, { force: true });
        await reservation.release().catch(() => undefined);
      }
    },

    /**
     * For jobs that produce a finished file (conversion, link download, FTP migration): the
     * file — written under library.storage.incoming, so the move stays on one file system —
     * is checked against the plan, probed and moved into the folder with a generated name.
     * On refusal the file is left where it was, for the job to report and remove.
     */
    async importFile(owner: Owner, folderId: number, file: string, nome: string, opts: JobFileOptions = {}): Promise<Video> {
      if (!(await repo.folder(db, owner.userId, folderId))) throw folderNotFound();
      const st = await fsp.stat(file);
      return placeFile(owner, folderId, file, nome, st.size, st.size, { ...opts, otimizado: !!opts.otimizado });
    },

    /**
     * For a conversion: video `id` keeps its id and takes `file` (and `nome`), the old file
     * going only once the new one is in place; refused (409) when its file is no longer
     * `expectArquivo`. The plan is asked only for what the new file adds over the old one.
     */
    async replaceFile(owner: Owner, id: number, file: string, opts: JobFileOptions & { nome: string; expectArquivo?: string }): Promise<Video> {
      const { row } = await videos.get(owner, id);
      const st = await fsp.stat(file);
      return placeFile(owner, row.folder_id, file, opts.nome, st.size, st.size - Number(row.tamanho), { ...opts, replaceId: id, otimizado: !!opts.otimizado });
    },

    /** Sync: records a file found in the folder (not a video → null, left alone). No quota: the bytes are already on disk. */
    async adopt(owner: Owner, folderId: number, dir: string, fileName: string): Promise<Video | null> {
      const src = path.join(dir, fileName);
      const st = await fsp.lstat(src).catch(() => null);
      if (!st?.isFile()) return null;
      const facts = await probe(src, extOf(fileName)).catch(() => null);
      if (!facts) return null;
      return place(owner, folderId, src, facts, st.size, displayName(fileName), { adopt: true });
    },

    /** Renames and/or moves a video to another folder of the same account (FTP RNFR/RNTO). */
    async move(owner: Owner, id: number, toFolderId: number, nome: string): Promise<void> {
      const moves = createMoves();
      try {
        await db.transaction().execute(async (tx) => {
          const row = await repo.video(tx, owner.userId, id);
          const from = row && (await repo.lockFolder(tx, owner.userId, row.folder_id));
          const to = toFolderId === row?.folder_id ? from : await repo.lockFolder(tx, owner.userId, toFolderId);
          if (!row || !from) throw videoNotFound();
          if (!to) throw folderNotFound();
          if (await repo.videoByName(tx, owner.userId, to.id, nome)) throw new AppError('ftp_not_allowed');
          await repo.updateVideo(tx, id, { nome, folder_id: to.id, updated_at: nowIso() });
          if (to.id !== from.id) {
            const dest = storage.folderDir(owner.login, to.nome);
            await fsp.mkdir(dest, { recursive: true });
            await moves.move(path.join(storage.folderDir(owner.login, from.nome), row.arquivo), path.join(dest, row.arquivo));
          }
        });
      } catch (e) {
        await moves.undo();
        throw e;
      }
    },

    /** Deletes the row and its file together; folderId, when given, must be the video's folder. */
    async remove(owner: Owner, id: number, folderId?: number): Promise<void> {
      const { row } = await videos.get(owner, id);
      if (folderId !== undefined && row.folder_id !== folderId) throw videoNotFound();
      for (const g of guards) {
        const use = await g.videoInUse?.(owner.userId, id);
        if (use) throw new AppError('video_in_use', { uso: use });
      }
      const moves = createMoves();
      const trash = await storage.tempPath('trash');
      try {
        await db.transaction().execute(async (tx) => {
          const folder = await repo.lockFolder(tx, owner.userId, row.folder_id);
          const current = await repo.video(tx, owner.userId, id);
          if (!folder || !current) throw videoNotFound();
          await repo.deleteVideos(tx, owner.userId, [id]);
          await moves.move(path.join(storage.folderDir(owner.login, folder.nome), current.arquivo), trash, { missingOk: true });
        });
      } catch (e) {
        await moves.undo();
        throw e;
      }
      await fsp.rm(trash, { force: true });
    },

    /**
     * The file behind a playback URL, found through the database: the login must be the
     * acting account's, the folder and the file its own. Anything else is null (404).
     */
    async content(owner: Owner, login: string, folderName: string, file: string) {
      const m = CONTENT_FILE.exec(file);
      if (login !== owner.login || !m?.[1]) return null;
      const folder = await repo.folderByName(db, owner.userId, folderName);
      const row = folder && (await repo.videoByStem(db, owner.userId, folder.id, m[1]));
      if (!folder || !row) return null;
      const real = await storage.realFile(owner.login, storage.filePath(owner.login, folder.nome, row.arquivo));
      return real && { ...real, id: row.id, nome: row.nome, contentType: contentType(row.arquivo) };
    },

    /** For the dashboard and others: how many videos and how much space (MB) the account uses. */
    async usageOf(userId: number): Promise<{ totalVideos: number; espacoUsadoMB: number }> {
      const u = await repo.usage(db, userId);
      return { totalVideos: u.count, espacoUsadoMB: toMb(u.bytes) };
    },
  };
  return videos;
}
export type VideosService = ReturnType<typeof createVideosService>;
