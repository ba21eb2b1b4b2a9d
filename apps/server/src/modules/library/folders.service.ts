import fs from 'node:fs/promises';
import type { Folder, FolderInfo } from '@painel/contract';
import { nowIso, type Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { MB, percentOf, toMb } from '../../platform/units.ts';
import { createMoves, exists } from './fs-moves.ts';
import { isUniqueViolation, type FolderRow, type FolderStatsRow, type LibraryRepo } from './library.repo.ts';
import type { Owner } from './owner.ts';
import type { Storage } from './storage.ts';


/**
 * What else uses a folder or a video (playlists, commercials, …). Later modules add one
 * with library.addGuard(); a non-null answer is a Portuguese description of the use, and
 * the deletion is refused with 409 instead of breaking the thing that uses it.
 */
export interface LibraryGuard {
  folderInUse?(userId: number, folderId: number): Promise<string | null>;
  videoInUse?(userId: number, videoId: number): Promise<string | null>;
}

export const folderNotFound = () => new AppError('folder_not_found');
const folderExists = () => new AppError('folder_exists');

export function createFoldersService(deps: { db: Db; repo: LibraryRepo; storage: Storage; guards: LibraryGuard[] }) {
  const { db, repo, storage, guards } = deps;

  const view = (r: FolderStatsRow, owner: Owner): Folder => ({
    id: r.id,
    nome: r.nome,
    video_count_db: r.video_count,
    espaco_usado: toMb(r.bytes),
    percentage_used: percentOf(r.bytes, owner.espaco * MB),
    created_at: r.created_at,
  });

  /** What is really on disk: the directory, and the video files in it (temp and hidden files aside). */
  async function serverInfo(owner: Owner, nome: string): Promise<FolderInfo['server_info']> {
    try {
      const entries = await fs.readdir(storage.folderDir(owner.login, nome), { withFileTypes: true });
      return { exists: true, file_count: entries.filter((e) => e.isFile() && !e.name.startsWith('.')).length };
    } catch {
      return { exists: false, file_count: 0 };
    }
  }

  async function inUse(owner: Owner, folderId: number): Promise<string | null> {
    for (const g of guards) {
      const use = await g.folderInUse?.(owner.userId, folderId);
      if (use) return use;
    }
    return null;
  }

  const folders = {
    async list(owner: Owner): Promise<Folder[]> {
      return (await repo.folderStatsAll(db, owner.userId)).map((r) => view(r, owner));
    },

    async info(owner: Owner, id: number): Promise<FolderInfo> {
      const r = await repo.folderStats(db, owner.userId, id);
      if (!r) throw folderNotFound();
      return { ...view(r, owner), server_info: await serverInfo(owner, r.nome) };
    },

    /** The row, or 404: the first step of everything that touches a folder. */
    async get(owner: Owner, id: number): Promise<FolderRow> {
      const row = await repo.folder(db, owner.userId, id);
      if (!row) throw folderNotFound();
      return row;
    },

    byName: (owner: Owner, nome: string) => repo.folderByName(db, owner.userId, nome),
    rows: (owner: Owner) => repo.folders(db, owner.userId),

    /** nome is validated by the contract's folderBody. A directory already on disk with that name becomes this folder. */
    async create(owner: Owner, nome: string): Promise<Folder> {
      try {
        const row = await db.transaction().execute(async (tx) => {
          if (await repo.folderByName(tx, owner.userId, nome)) throw folderExists();
          const at = nowIso();
          const inserted = await repo.insertFolder(tx, { user_id: owner.userId, nome, created_at: at, updated_at: at });
          await fs.mkdir(storage.folderDir(owner.login, nome), { recursive: true });
          return inserted;
        });
        return view({ ...row, video_count: 0, bytes: 0 }, owner);
      } catch (e) {
        if (isUniqueViolation(e)) throw folderExists();
        throw e;
      }
    },

    /** The row and the directory are renamed together; the files keep their generated names. */
    async rename(owner: Owner, id: number, nome: string): Promise<Folder> {
      const moves = createMoves();
      try {
        await db.transaction().execute(async (tx) => {
          const row = await repo.lockFolder(tx, owner.userId, id);
          if (!row) throw folderNotFound();
          if (row.nome === nome) return;
          const to = storage.folderDir(owner.login, nome);
          if ((await repo.folderByName(tx, owner.userId, nome)) || (await exists(to))) throw folderExists();
          await repo.renameFolder(tx, id, nome, nowIso());
          const moved = await moves.move(storage.folderDir(owner.login, row.nome), to, { missingOk: true });
          if (!moved) await fs.mkdir(to, { recursive: true });
        });
      } catch (e) {
        await moves.undo();
        if (isUniqueViolation(e)) throw folderExists();
        throw e;
      }
      const r = await repo.folderStats(db, owner.userId, id);
      if (!r) throw folderNotFound();
      return view(r, owner);
    },

    /** Deletes the folder, its videos and their files — unless something still uses it. */
    async remove(owner: Owner, id: number): Promise<void> {
      await folders.get(owner, id);
      const use = await inUse(owner, id);
      if (use) throw new AppError('folder_in_use', { uso: use });
      const moves = createMoves();
      const trash = await storage.tempPath('trash');
      try {
        await db.transaction().execute(async (tx) => {
          const row = await repo.lockFolder(tx, owner.userId, id);
          if (!row) throw folderNotFound();
          await repo.deleteFolder(tx, owner.userId, id);
          await moves.move(storage.folderDir(owner.login, row.nome), trash, { missingOk: true });
        });
      } catch (e) {
        await moves.undo();
        throw e;
      }
      await fs.rm(trash, { recursive: true, force: true });
    },
  };
  return folders;
}
export type FoldersService = ReturnType<typeof createFoldersService>;
