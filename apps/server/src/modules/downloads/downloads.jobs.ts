import { z } from 'zod';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isSuspended, VIDEO_NAME_MAX } from '@painel/contract';
import {
  YTDLP_INFO_FILE, YTDLP_MEDIA_STEM, classifyYtdlpFailure, overallPercent, parseYtdlpProgress, readYtdlpInfo, ytdlpDownloadArgs,
  ytdlpInfoArgs, type YtdlpFacts,
} from '@painel/media/ytdlp';
import { defineJob, type Core } from '../module.ts';
import { diskFullIn } from '../../platform/disk-full.ts';
import { diskFullError, ensureReserve } from '../../platform/disk-space.ts';
import { AppError } from '../../platform/errors.ts';
import { runChild, type ChildRun } from '../../platform/exec.ts';
import { CANCELED, parseJson, type JobContext, type JobHandler } from '../../platform/jobs.ts';
import { MB } from '../../platform/units.ts';
import { ownerOfAccount, type Owner } from '../library/owner.ts';
import type { Reservation } from '../library/quota.ts';
import type { DownloadDetail, DownloadResult } from './downloads.service.ts';

export const WEB = ['http', 'https'] as const;

/** What the worker's download job receives. */
const downloadInput = z.object({
  url: z.string().min(1),
  folderId: z.number().int().positive(),
  /** The account that asked (its login names the directory; the job re-reads it). */
  accountId: z.number().int().positive(),
});
export type DownloadInput = z.infer<typeof downloadInput>;

/** Reading a link's facts: sites answer in seconds; a minute means something is wrong. */
const INFO_TIMEOUT_MS = 90_000;
/** How often the bytes on disk are weighed against the plan and the size limit. */
const WATCH_MS = 500;

/** The site's title as the video's name: one line, no path separators, room left for '.mp4'. */
export function videoName(title: string): string {
  const clean = title.replace(/[/\\]/g, '-').replace(/\s+/g, ' ').trim().slice(0, VIDEO_NAME_MAX - 4).trim();
  return `${clean || 'video'}.mp4`;
}

/** Bytes of what yt-dlp has written so far (parts, fragments, the merged file). */
async function bytesIn(dir: string): Promise<number> {
  let total = 0;
  for (const e of await fsp.readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (!e.isFile() || e.name === YTDLP_INFO_FILE) continue;
    total += (await fsp.stat(path.join(dir, e.name)).catch(() => null))?.size ?? 0;
  }
  return total;
}

/** The finished file: media.<ext>, not a part, fragment or leftover of a merge. */
async function outputOf(dir: string): Promise<string | null> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const done = names.filter((n) => /^[a-z0-9]{2,5}$/.test(n.slice(YTDLP_MEDIA_STEM.length + 1)) && n.startsWith(`${YTDLP_MEDIA_STEM}.`));
  const pick = done.find((n) => n === `${YTDLP_MEDIA_STEM}.mp4`) ?? done[0];
  return pick ? path.join(dir, pick) : null;
}

/**
 * The worker's download job: yt-dlp reads the link's facts into the job's directory, every
 * media address it names passes the outbound guard, then yt-dlp downloads exactly that (best up
 * to 1080p, MP4) while the bytes on disk are held against the plan's quota and the size limit;
 * the file is then probed and moved into the folder by the library. Cancel, a limit or a
 * failure kill yt-dlp's whole process group; the job's directory goes with the job. A full disk
 * (or the server disk's reserve, see ensureReserve) fails it with `disk_full`.
 */
function downloadHandler(core: Pick<Core, 'config' | 'library' | 'accounts' | 'guard'>): JobHandler<DownloadInput> {
  const { config, library, accounts, guard } = core;
  const maxBytes = config.tools.downloadMaxMb * MB;

  // a full disk, met by yt-dlp, the library or the database, fails the job with disk_full
  return (ctx) => fetchVideo(ctx).catch(async (e: unknown) => {
    throw await diskFullError(e, config);
  });

  async function fetchVideo(ctx: JobContext<DownloadInput>): Promise<DownloadResult> {
    const { input } = ctx;
    const account = await accounts.byId(input.accountId);
    if (!account || isSuspended(account.suspension)) throw new AppError('download_failed');
    const owner = ownerOfAccount(account);
    if (owner.userId !== ctx.job.user_id) throw new AppError('download_failed');
    const folderId = input.folderId;
    if (!(await library.folders.get(owner, folderId).catch(() => null))) throw new AppError('download_folder_gone');
    const url = (await guard.check(input.url, WEB)).href;

    // the plan's refusal (413) is told as the job's own quota message
    const quotaError = (e: unknown) => (e instanceof AppError && e.status === 413 ? new AppError('job_quota_exceeded', { limitMb: owner.espaco }) : e);
    const asQuota = (e: unknown): never => {
      throw quotaError(e);
    };
    const reservation = await library.quota.open(owner, 0).catch(asQuota);
    try {
      const facts = await readFacts(ctx, url);
      // the media hosts the site points at, not only the link itself, must be on the public internet (or declared)
      for (const media of facts.mediaUrls) await guard.check(media, WEB);
      const name = videoName(facts.title);
      ctx.report({ video_title: facts.title, filename: name, total_bytes: facts.filesize } satisfies DownloadDetail, 0);
      if (facts.filesize !== null && facts.filesize > maxBytes) throw new AppError('download_too_big', { mb: config.tools.downloadMaxMb });
      // before any byte: a size the site declares must fit in the plan
      if (facts.filesize) await reservation.ensure(facts.filesize).catch(asQuota);

      await download(ctx, facts, reservation, quotaError);
      const file = await outputOf(ctx.workdir);
      if (!file) throw new AppError('download_failed');
      ctx.report({ status: 'processing' } satisfies DownloadDetail, 100);
      await reservation.release(); // importFile takes its own reservation for the real size
      if (ctx.signal.aborted) throw new Error(CANCELED);
      const video = await library.videos.importFile(owner, folderId, file, name).catch((e) => {
        if (e instanceof AppError && e.status === 404) throw new AppError('download_folder_gone');
        return asQuota(e);
      });
      if (ctx.signal.aborted) {
        // cancelled while the file was being moved in: cancel leaves nothing behind
        await library.videos.remove(owner, video.id).catch(() => undefined);
        throw new Error(CANCELED);
      }
      return { video_id: video.id, nome: video.nome, pasta: video.pasta, tamanho: video.tamanho, duracao: video.duracao };
    } catch (e) {
      // the disk looked at while the partial files still fill it; they go before the reservation
      // is released, so that write finds room on a full disk (the job's directory goes anyway)
      const told = await diskFullError(e, config);
      for (const name of await fsp.readdir(ctx.workdir).catch(() => [] as string[])) await fsp.rm(path.join(ctx.workdir, name), { recursive: true, force: true });
      throw told;
    } finally {
      await reservation.release().catch(() => undefined);
    }
  }

  /** Runs yt-dlp in the job's directory as the job's child; `stop` ends it early with a reason. */
  async function run(ctx: JobContext, args: string[], opts: { timeoutMs: number; onLine?: (l: string) => void; watch?: (stop: (why: Error) => void) => () => void }): Promise<ChildRun> {
    const halt = new AbortController();
    let reason: Error | null = null;
    const stop = (why: Error) => {
      reason ??= why;
      halt.abort();
    };
    const unwatch = opts.watch?.(stop);
    try {
      const r = await runChild(config.tools.ytdlpBin, args, {
        signal: AbortSignal.any([ctx.signal, halt.signal]), env: ctx.env, cwd: ctx.workdir, timeoutMs: opts.timeoutMs, tailLines: 40,
        onSpawn: (pid) => ctx.setPid(pid), ...(opts.onLine ? { onLine: opts.onLine } : {}),
      });
      if (ctx.signal.aborted) throw new Error(CANCELED);
      if (reason) throw reason;
      return r;
    } finally {
      unwatch?.();
      ctx.setPid(null);
    }
  }

  async function readFacts(ctx: JobContext, url: string): Promise<YtdlpFacts> {
    const r = await run(ctx, ytdlpInfoArgs(url), { timeoutMs: INFO_TIMEOUT_MS });
    if (r.timedOut) throw new AppError('download_site_slow');
    if (r.code !== 0) throw failure(r.tail);
    const text = await fsp.readFile(path.join(ctx.workdir, YTDLP_INFO_FILE), 'utf8').catch(() => null);
    const facts = readYtdlpInfo(parseJson<unknown>(text, null));
    if (!facts) throw new AppError('download_invalid_url');
    return facts;
  }

  async function download(ctx: JobContext, facts: YtdlpFacts, reservation: Reservation, quotaError: (e: unknown) => unknown): Promise<void> {
    const done = new Map<string, number>(); // bytes of the parts already fetched
    let last = -1;
    const onLine = (line: string) => {
      const p = parseYtdlpProgress(line);
      if (!p) return;
      const current = p.downloaded ?? 0;
      const fraction = p.status === 'finished' ? 1 : p.total ? current / p.total : 0;
      if (p.status === 'finished') done.set(p.formatId, current);
      const others = [...done].filter(([id]) => id !== p.formatId).reduce((s, [, b]) => s + b, 0);
      const percent = overallPercent(facts.parts, p.formatId, fraction);
      const lastPart = facts.parts.length <= 1 || facts.parts[facts.parts.length - 1]!.formatId === p.formatId;
      const merging = p.status === 'finished' && lastPart;
      // the percent moves in whole steps: no write per line for the same figure
      if (Math.floor(percent) === last && !merging) return;
      last = Math.floor(percent);
      const total = facts.filesize ?? (facts.parts.length <= 1 ? p.total : null);
      ctx.report({ status: merging ? 'processing' : 'downloading', downloaded_bytes: others + current, total_bytes: total } satisfies DownloadDetail, merging ? 100 : Math.min(99, percent));
    };
    const watch = (stop: (why: Error) => void) => {
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        void (async () => {
          const bytes = await bytesIn(ctx.workdir);
          if (bytes > maxBytes) stop(new AppError('download_too_big', { mb: config.tools.downloadMaxMb }));
          else if (reservation.needs(bytes)) await reservation.ensure(bytes).catch((e) => stop(quotaError(e) as Error));
          // the server disk's reserve (MIN_FREE_MB): the download stops before the disk is full
          await ensureReserve(config).catch((e: Error) => stop(e));
        })().finally(() => (busy = false));
      }, WATCH_MS);
      return () => clearInterval(timer);
    };
    const args = ytdlpDownloadArgs({ maxBytes, ffmpegLocation: config.media.ffmpegBin });
    const r = await run(ctx, args, { timeoutMs: config.tools.downloadMaxMinutes * 60_000, onLine, watch });
    if (r.timedOut) throw new AppError('download_too_long', { minutes: config.tools.downloadMaxMinutes });
    if (r.code !== 0 || !(await outputOf(ctx.workdir))) throw failure(r.tail);
  }

  function failure(tail: readonly string[]): AppError {
    if (diskFullIn(tail)) return new AppError('disk_full');
    const why = classifyYtdlpFailure(tail);
    if (why === 'too-big') return new AppError('download_too_big', { mb: config.tools.downloadMaxMb });
    if (why === 'unavailable') return new AppError('download_unavailable');
    if (why === 'unsupported') return new AppError('download_invalid_url');
    return new AppError('download_failed');
  }
}

/** Downloads from a link: a few at once per worker, each a yt-dlp child. */
export const downloadJob = defineJob({ kind: 'download', input: downloadInput, slots: 4, handler: (ctx) => downloadHandler(ctx) });
