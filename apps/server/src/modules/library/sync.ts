import fs from 'node:fs/promises';
import path from 'node:path';
import { isValidFolderName, FOLDER_NAME_MAX } from '@painel/contract';
import { nowIso, type Db } from '../../platform/db.ts';
import { folderNotFound } from './folders.service.ts';
import { isUniqueViolation, type LibraryRepo } from './library.repo.ts';
import type { Owner } from './owner.ts';
import type { Storage } from './storage.ts';
import type { VideosService } from './videos.service.ts';

export interface SyncCounts {
  videos_count: number;
  added: number;
  removed: number;
}

const visibleFiles = async (dir: string): Promise<Set<string>> => {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  // symbolic links are never followed or adopted; dot-files are uploads in progress elsewhere
  return new Set(entries.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => e.name));
};

/**
 * Makes the database match the disk, for one folder or a whole account: files without a
 * row are probed and recorded (non-videos are left alone), rows whose file is gone are
 * removed, directories without a row become folders. The one implementation behind the
 * folder sync endpoint, /api/videos-ssh/sync-database and folder discovery.
 *
 * Every change re-checks under the folder's row lock, so a sync racing an upload, a
 * rename or a deletion never records a file twice nor drops a row whose file just moved.
 */
export function createSync(deps: { db: Db; repo: LibraryRepo; storage: Storage; videos: VideosService }) {
  const { db, repo, storage, videos } = deps;
  // one sync per folder at a time in this process: the panel fires one on every folder selection
  const running = new Map<number, Promise<SyncCounts>>();
  // files already found not to be videos, by path, size and time, so they are not probed at every sync
  const notVideos = new Set<string>();

  async function run(owner: Owner, folderId: number): Promise<SyncCounts> {
    const dir = await db.transaction().execute(async (tx) => {
      const folder = await repo.lockFolder(tx, owner.userId, folderId);
      if (!folder) throw folderNotFound();
      const d = storage.folderDir(owner.login, folder.nome);
      await fs.mkdir(d, { recursive: true }); // the panel's "create on server"
      return d;
    });
    const onDisk = await visibleFiles(dir);
    const rows = await videos.rowsIn(owner, folderId);
    const known = new Set(rows.map((r) => r.arquivo));

    const gone = rows.filter((r) => !onDisk.has(r.arquivo)).map((r) => r.id);
    let removed = 0;
    if (gone.length) {
      removed = await db.transaction().execute(async (tx) => {
        const folder = await repo.lockFolder(tx, owner.userId, folderId);
        if (!folder) return 0;
        const current = storage.folderDir(owner.login, folder.nome);
        const still: number[] = [];
        for (const r of await repo.videosIn(tx, owner.userId, folderId)) {
          if (gone.includes(r.id) && !(await fs.lstat(path.join(current, r.arquivo)).then(() => true, () => false))) still.push(r.id);
        }
        await repo.deleteVideos(tx, owner.userId, still);
        return still.length;
      });
    }
    let added = 0;
    for (const name of onDisk) {
      if (known.has(name)) continue;
      const st = await fs.lstat(path.join(dir, name)).catch(() => null);
      const key = `${dir}/${name}:${st?.size}:${st?.mtimeMs}`;
      if (!st || notVideos.has(key)) continue;
      if (await videos.adopt(owner, folderId, dir, name)) added += 1;
      else if (notVideos.size < 10_000) notVideos.add(key);
    }
    return { videos_count: rows.length - removed + added, added, removed };
  }

  async function folder(owner: Owner, folderId: number): Promise<SyncCounts> {
    const prev = running.get(folderId);
    const next = (prev ?? Promise.resolve()).catch(() => undefined).then(() => run(owner, folderId));
    running.set(folderId, next);
    try {
      return await next;
    } finally {
      if (running.get(folderId) === next) running.delete(folderId);
    }
  }

  /** Every folder of the account, after recording directories created outside the panel. */
  async function account(owner: Owner): Promise<SyncCounts> {
    const base = storage.accountDir(owner.login);
    await fs.mkdir(base, { recursive: true });
    const known = new Set((await repo.folders(db, owner.userId)).map((f) => f.nome));
    for (const e of await fs.readdir(base, { withFileTypes: true })) {
      const nome = e.name.normalize('NFC');
      if (!e.isDirectory() || known.has(nome) || nome !== e.name || nome.length > FOLDER_NAME_MAX || !isValidFolderName(nome)) continue;
      const at = nowIso();
      await repo.insertFolder(db, { user_id: owner.userId, nome, created_at: at, updated_at: at }).catch((err: unknown) => {
        if (!isUniqueViolation(err)) throw err;
      });
    }
    const total: SyncCounts = { videos_count: 0, added: 0, removed: 0 };
    for (const f of await repo.folders(db, owner.userId)) {
      const r = await folder(owner, f.id);
      total.videos_count += r.videos_count;
      total.added += r.added;
      total.removed += r.removed;
    }
    return total;
  }

  return { folder, account };
}
export type Sync = ReturnType<typeof createSync>;
