import { createGrants } from '../../platform/crypto.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { secret } from '../../platform/secrets.ts';
import { CONTENT_GRANT_TTL_S } from './video-view.ts';
import { createFoldersService, type LibraryGuard } from './folders.service.ts';
import { createLibraryRepo } from './library.repo.ts';
import { createProber, type Prober } from './prober.ts';
import { createQuota } from './quota.ts';
import { createStorage } from './storage.ts';
import { createSync } from './sync.ts';
import { createVideosService } from './videos.service.ts';

export type { LibraryGuard } from './folders.service.ts';

/** How often the API sweeps: with STALE_MS, a dead upload's file and reservation go within a minute. */
export const SWEEP_MS = 15_000;
export type { Owner } from './owner.ts';
export { ownerOf, ownerOfAccount } from './owner.ts';

/**
 * The video library of every account: folders, videos, uploads, quota, sync. Built once
 * per process by openCore, so the HTTP routes, the FTP server and later modules (playlists,
 * conversion, downloads, FTP migration) share one instance.
 */
export function createLibrary(deps: {
  db: Db; dataDir: string; probe?: Prober; now?: () => number;
  /** The accounts module's lock of an account's row, with its storage plan in MB (quota.ts). */
  lockAccount: (tx: Tx, accountId: number) => Promise<number | undefined>;
}) {
  const { db } = deps;
  const grants = createGrants(secret(deps.dataDir, 'content.key'), CONTENT_GRANT_TTL_S);
  const repo = createLibraryRepo();
  const storage = createStorage(deps.dataDir);
  const quota = createQuota({ db, repo, lockAccount: deps.lockAccount, ...(deps.now ? { now: deps.now } : {}) });
  const guards: LibraryGuard[] = [];
  const folders = createFoldersService({ db, repo, storage, guards });
  const videos = createVideosService({ db, repo, storage, quota, probe: deps.probe ?? createProber(), guards, grants });
  const sync = createSync({ db, repo, storage, videos });
  return {
    folders,
    videos,
    sync,
    storage,
    quota,
    grants,
    /** Lets a later module refuse deletions of folders or videos it uses (playlists, commercials). */
    addGuard: (g: LibraryGuard) => void guards.push(g),
    usageOf: videos.usageOf,
    /**
     * Leftovers of uploads that died with their process (this one's last run or another's):
     * temp files and reservations not renewed for STALE_MS (quota.ts). Safe in any process
     * at any time: a live upload renews both. The API runs it every SWEEP_MS.
     */
    async sweep(): Promise<void> {
      await storage.sweep();
      await quota.sweep();
    },
  };
}
export type Library = ReturnType<typeof createLibrary>;
