import { z } from 'zod';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { FTPError, type Client } from 'basic-ftp';
import { isSuspended, msg, remoteBaseName } from '@painel/contract';
import { defineJob, type Core } from '../module.ts';
import { AppError } from '../../platform/errors.ts';
import { parseJson, type JobContext, type JobHandler } from '../../platform/jobs.ts';
import { FileSink } from '../library/file-sink.ts';
import { diskFullError } from '../../platform/disk-space.ts';
import { ownerOfAccount, type Owner } from '../library/library.ts';
import { displayName } from '../library/storage.ts';
import type { MigrationDetail, MigrationResult } from './migration-status.ts';
import { approveTarget, openFtp, type FtpLogin } from './remote-ftp.ts';

/** What POST /api/ftp/migrate queues. The password is sealed; the runner wipes the input when the job ends. */
const migrationInput = z.object({
  accountId: z.number().int(),
  host: z.string(),
  port: z.number().int(),
  usuario: z.string(),
  senha: z.string(),
  folderId: z.number().int(),
  files: z.array(z.string()),
});
export type MigrationInput = z.infer<typeof migrationInput>;

/** One file's failure as the customer reads it in the error list. */
function fileError(nome: string, e: unknown): string {
  if (e instanceof AppError && e.status === 415) return msg.ftpNotAVideo(nome);
  if (e instanceof AppError) return msg.ftpFileError(nome, e.message);
  if (e instanceof FTPError) return msg.ftpFileError(nome, msg.ftpFileMissing);
  return msg.ftpFileError(nome, msg.ftpTransferFailed);
}

const isQuota = (e: unknown) => e instanceof AppError && e.status === 413;

/**
 * The migration job (kind 'migration'), run by the worker with a connection of its own. For
 * each file in order: download into the job's directory under a generated name while a quota
 * reservation grows with the bytes, then import it into the folder like an upload (probed; a
 * non-video is refused). A file's failure is listed and the next file follows; the plan's
 * storage running out stops the rest, since nothing more fits. Cancel closes the connection
 * and the partial file goes. A retried job (its worker died) resumes after the files its
 * detail says are done.
 */
export function migrationHandler(core: Core, opts: { timeoutMs?: number } = {}): JobHandler<MigrationInput> {
  return async (ctx) => {
    const { input } = ctx;
    const account = await core.accounts.byId(input.accountId);
    if (!account || isSuspended(account.suspension)) throw new AppError('ftp_migration_owner_gone');
    const owner = ownerOfAccount(account);
    if (owner.userId !== ctx.job.user_id) throw new AppError('ftp_migration_owner_gone');

    const prev = parseJson<Partial<MigrationDetail>>(ctx.job.detail, {});
    const files = input.files;
    const d: MigrationDetail = {
      total: files.length, completed: Math.min(prev.completed ?? 0, files.length), migrated: prev.migrated ?? 0,
      video_ids: prev.video_ids ?? [], errors: prev.errors ?? [], total_bytes: 0, done_bytes: 0,
      started_at: prev.started_at ?? Date.now(), current: null,
    };
    const report = () => {
      const pct = d.total_bytes > 0 ? (d.done_bytes / d.total_bytes) * 100 : (d.completed / Math.max(1, d.total)) * 100;
      ctx.report({ ...d }, Math.min(99, pct));
    };
    report();

    const login: FtpLogin = { user: input.usuario, password: core.sealer.open(input.senha) };
    const target = await approveTarget(core.guard, core.config.outboundAllow, input.host, input.port);
    // the connection in use, closed by a cancel so a transfer in flight stops at once
    const held: { client: Client | null } = { client: null };
    const connect = async () => (held.client = await openFtp(target, login, opts));
    const onAbort = () => held.client?.close();
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    try {
      let c = await connect();
      const sizes = await sizesOf(c, files, ctx.signal);
      d.total_bytes = sizes.reduce((a, b) => a + b, 0);
      const doneBefore = (i: number) => sizes.slice(0, i).reduce((a, b) => a + b, 0);
      d.done_bytes = doneBefore(d.completed);
      report();
      let stopped: MigrationResult['stopped'] = null;
      for (let i = d.completed; i < files.length && !ctx.signal.aborted; i++) {
        const nome = displayName(remoteBaseName(files[i]!)) || 'video';
        d.current = nome;
        report();
        try {
          // a connection the server dropped during the last file is opened again; failing that ends the job
          if (c.closed) c = await connect();
          const id = await transfer({ ctx, core, owner, client: c, remote: files[i]!, nome, size: sizes[i]!, folderId: input.folderId, index: i,
            progress: (bytes) => {
              d.done_bytes = doneBefore(i) + Math.min(bytes, sizes[i] || bytes);
              report();
            } });
          d.migrated += 1;
          d.video_ids.push(id);
        } catch (e) {
          if (ctx.signal.aborted) break;
          // the destination folder was deleted, the server cannot be reached again, or the disk is
          // full: nothing further can arrive
          if (e instanceof AppError && (e.status === 404 || e.status === 502 || e.code === 'disk_full')) throw e;
          d.errors.push(fileError(nome, e));
          if (isQuota(e)) {
            const rest = files.length - i - 1;
            if (rest > 0) d.errors.push(msg.ftpQuotaStopped(rest));
            stopped = 'quota';
          }
        }
        d.completed = i + 1;
        d.done_bytes = doneBefore(i + 1);
        if (stopped) break;
      }
      d.current = null;
      report();
      const result: MigrationResult = { video_ids: d.video_ids, migrated: d.migrated, failed: d.completed - d.migrated, stopped };
      return result;
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      held.client?.close();
    }
  };
}

/** Sizes the server reports (SIZE); 0 where it will not say, and the progress then counts files. */
async function sizesOf(client: Client, files: string[], signal: AbortSignal): Promise<number[]> {
  const sizes: number[] = [];
  for (const f of files) {
    if (signal.aborted) break;
    sizes.push(await client.size(f).then((n) => Math.max(0, n), (e) => {
      if (client.closed) throw e;
      return 0;
    }));
  }
  return sizes;
}

/** Downloads one file under a generated name, then imports it; the local file is gone afterwards either way. */
async function transfer(p: {
  ctx: JobContext; core: Core; owner: Owner; client: Client; remote: string; nome: string; size: number; folderId: number; index: number;
  progress: (bytes: number) => void;
}): Promise<number> {
  const local = path.join(p.ctx.workdir, `arquivo-${p.index}`);
  // the size the server reported must fit before a byte moves; then the reservation grows with the bytes
  const reservation = await p.core.library.quota.open(p.owner, p.size);
  let sinkError: Error | null = null;
  try {
    // stops with disk_full at the reserve MIN_FREE_MB keeps, before the disk is full
    const sink = new FileSink(local, reservation, p.core.config);
    sink.on('error', (e) => (sinkError ??= e));
    const tick = setInterval(() => p.progress(sink.received), 1000);
    try {
      await p.client.downloadTo(sink, p.remote);
      await finished(sink);
    } catch (e) {
      sink.destroy();
      // the quota refusal comes from the file sink; basic-ftp reports it as a closed connection
      throw sinkError ?? e;
    } finally {
      clearInterval(tick);
    }
    p.progress(sink.received);
    await reservation.release();
    const video = await p.core.library.videos.importFile(p.owner, p.folderId, local, p.nome);
    return video.id;
  } catch (e) {
    // told while the partial file still fills the disk
    throw await diskFullError(e, p.core.config);
  } finally {
    // the partial file goes before the reservation is released, so that write finds room on a full disk
    await fsp.rm(local, { force: true });
    await reservation.release().catch(() => undefined);
  }
}

/** FTP migrations: a few at once per worker, each with its own connection. */
export const migrationJob = defineJob({ kind: 'migration', input: migrationInput, slots: 4, handler: (ctx) => migrationHandler(ctx) });
