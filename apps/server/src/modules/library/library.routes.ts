import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  folderBody, folderIdQuery, msg, optionalFolderIdQuery, syncDatabaseBody, type FolderSaved, type SyncResult, type UploadResult,
} from '@painel/contract';
import type { Auth } from '../../platform/auth.ts';
import { ensureFreeSpace, type DiskThreshold } from '../../platform/disk-space.ts';
import { AppError, parse } from '../../platform/errors.ts';
import { idParam } from '../../platform/http.ts';
import { contentRoutes } from './content.routes.ts';
import { firstFilePart } from './multipart-file.ts';
import { accountFiles } from '../servers/routing.ts';
import type { Library } from './library.ts';
import type { SyncCounts } from './sync.ts';
import { ownerOf, type Owner } from './owner.ts';

/** Multipart framing around the file (boundaries, part headers) never exceeds this. */
const MULTIPART_OVERHEAD = 4096;

/** Folders, videos, uploads and playback of the account. */
export function libraryRoutes(
  app: FastifyInstance, library: Library, authenticate: (token: string | undefined) => Promise<Auth>, ownerByLogin: (login: string) => Promise<Owner | null>,
  syncRequest: (owner: Owner, folderId: number | null) => Promise<SyncCounts | null>,
  /** The server disk's minimum free space (MIN_FREE_MB) uploads are refused under; none: not checked. */
  space?: DiskThreshold,
): void {
  const auth = { preHandler: app.requireAuth };
  // what reads or writes the account's files runs on the account's own server (servers/routing.ts)
  const files = { ...auth, ...accountFiles.session };
  const { folders, videos } = library;
  /** A sync still running after the wait: the answer says it goes on (counts of what is known now). */
  const answer = (r: SyncCounts | null, done: (r: SyncCounts) => string): SyncResult =>
    r ? { success: true, ...r, message: done(r) } : { success: true, videos_count: 0, added: 0, removed: 0, message: msg.syncRunning };

  app.get('/api/folders', auth, (req) => app.readCache.get(req, 'folders', () => folders.list(ownerOf(req.auth))));
  app.get('/api/folders/:id/info', files, (req) => folders.info(ownerOf(req.auth), idParam(req.params)));
  app.post('/api/folders', files, async (req): Promise<FolderSaved> => {
    const folder = await folders.create(ownerOf(req.auth), parse(folderBody, req.body ?? {}).nome);
    return { success: true, message: msg.folderCreated, id: folder.id, folder };
  });
  app.put('/api/folders/:id', files, async (req): Promise<FolderSaved> => {
    const folder = await folders.rename(ownerOf(req.auth), idParam(req.params), parse(folderBody, req.body ?? {}).nome);
    return { success: true, message: msg.folderRenamed, id: folder.id, folder };
  });
  app.delete('/api/folders/:id', files, async (req) => {
    await folders.remove(ownerOf(req.auth), idParam(req.params));
    return { success: true, message: msg.folderDeleted };
  });
  app.post('/api/folders/:id/sync', auth, async (req): Promise<SyncResult> => {
    const owner = ownerOf(req.auth);
    const id = idParam(req.params);
    await folders.get(owner, id); // 404 before anything is queued
    return answer(await syncRequest(owner, id), (r) => msg.syncDone(r.videos_count, r.added, r.removed));
  });
  app.post('/api/videos-ssh/sync-database', auth, async (req): Promise<SyncResult> => {
    const { folderId } = parse(syncDatabaseBody, req.body ?? {});
    const owner = ownerOf(req.auth);
    if (folderId) await folders.get(owner, folderId);
    const r = await syncRequest(owner, folderId || null);
    return answer(r, (x) => (folderId ? msg.syncDone : msg.syncAllDone)(x.videos_count, x.added, x.removed));
  });

  app.get('/api/videos', auth, (req) => videos.list(ownerOf(req.auth), parse(folderIdQuery, req.query).folder_id));
  app.delete('/api/videos/:id', files, async (req) => {
    await videos.remove(ownerOf(req.auth), idParam(req.params), parse(optionalFolderIdQuery, req.query).folder_id);
    return { success: true, message: msg.videoDeleted };
  });

  // The upload body is read by firstFilePart, not by a body parser: multipart/form-data is
  // left unparsed in this scope only (other modules may register @fastify/multipart in theirs).
  app.register(async (scope) => {
    if (scope.hasContentTypeParser('multipart/form-data')) scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
    scope.post('/api/videos/upload', files, async (req): Promise<UploadResult> => {
      const { folder_id } = parse(folderIdQuery, req.query);
      if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) throw new AppError('upload_not_multipart');
      const declared = Number(req.headers['content-length']);
      try {
        if (space) await ensureFreeSpace(space); // before the folder, the reservation or a byte of the file
        const video = await videos.ingest(ownerOf(req.auth), folder_id, {
          declaredBytes: Number.isFinite(declared) ? Math.max(0, declared - MULTIPART_OVERHEAD) : undefined,
          space,
          open: async () => {
            const part = await firstFilePart(req.raw, req.headers['content-type']);
            if (part.fieldname !== 'video') throw new AppError('upload_no_file');
            return part;
          },
        });
        return { success: true, message: msg.videoUploaded, video };
      } catch (e) {
        // a refused or broken upload: the answer goes out now, the rest of the body is not stored
        lingerThenClose(req.raw);
        throw e;
      }
    });
  });

  contentRoutes(app, { library, authenticate, ownerByLogin });
}

/** How long the rest of a refused upload's body is read and dropped before its connection closes. */
const LINGER_MS = 5000;

/**
 * A refused upload whose client is still sending: the rest of the body is read and dropped for
 * a few seconds (as nginx's lingering close does), then the connection closes. Closed at once,
 * the client's next write meets a reset, which can discard the answer before the client reads it
 * (a browser would show a network error instead of the message).
 */
function lingerThenClose(req: IncomingMessage): void {
  if (req.complete) return;
  // the multipart reader stops here: nothing of the rest is parsed or stored
  req.removeAllListeners('data');
  req.resume();
  const timer = setTimeout(() => req.destroy(), LINGER_MS);
  const done = () => clearTimeout(timer);
  req.once('end', done);
  req.once('close', done);
}
