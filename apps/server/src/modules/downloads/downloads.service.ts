import {
  DOWNLOADS, YOUTUBE_HOST, errorText, msg, youtubeVideoId, youtubeWatchUrl, type DownloadPhase, type DownloadStatus, type RecentDownload,
  type StartDownloadBody, type ValidateLinkResponse, type VideoInfo,
} from '@painel/contract';
import { classifyYtdlpFailure, readYtdlpInfo, ytdlpProbeArgs, type YtdlpFacts } from '@painel/media/ytdlp';
import type { Core } from '../module.ts';
import { WEB, downloadJob, type DownloadInput } from './downloads.jobs.ts';
import type { Auth } from '../../platform/auth.ts';
import { ensureFreeSpace } from '../../platform/disk-space.ts';
import { AppError } from '../../platform/errors.ts';
import { execCapture } from '../../platform/exec.ts';
import { busy, parseJson, type JobRow } from '../../platform/jobs.ts';
import { createRateLimiter } from '../../platform/rate-limit.ts';
import { toMb } from '../../platform/units.ts';
import { ownerOf } from '../library/owner.ts';
import { fetchThumbnail } from './thumbnail.ts';

/** Each check starts a yt-dlp process: a few a minute per account, and a few at once on the machine. */
const PROBES_PER_MINUTE = 12;
const PROBES_AT_ONCE = 4;



/** What a finished job keeps, for 'Recentes' and the completed status. */
export interface DownloadResult {
  video_id: number;
  nome: string;
  pasta: string;
  tamanho: number;
  duracao: number;
}

/** The progress fields the job writes into its detail. */
export interface DownloadDetail {
  status?: string;
  video_title?: string;
  filename?: string;
  downloaded_bytes?: number | null;
  total_bytes?: number | null;
}

export function createDownloadsService(core: Pick<Core, 'config' | 'store' | 'jobs' | 'guard' | 'library'>) {
  const { config, jobs, guard, library } = core;
  const perAccount = createRateLimiter({ windowMs: 60_000, max: PROBES_PER_MINUTE });
  let probing = 0;

  /**
   * The address yt-dlp gets for a link, or a 400 with the reason. A video-platform link is
   * rebuilt from its id (no playlist, no stray parameters); any other web address is taken only
   * when its host:port is an operator-declared peer (OUTBOUND_ALLOW). Either way it passes the
   * outbound guard before any process starts.
   */
  async function target(raw: string): Promise<string> {
    const id = youtubeVideoId(raw);
    let url: string;
    if (id) url = youtubeWatchUrl(id);
    else {
      let u: URL;
      try {
        u = new URL(raw.trim());
      } catch {
        throw new AppError('download_url_invalid_short');
      }
      const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
      const port = u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
      const web = u.protocol === 'http:' || u.protocol === 'https:';
      if (!web || !config.outboundAllow.has(`${host}:${port}`)) throw new AppError('download_not_youtube', { host: YOUTUBE_HOST });
      url = u.href;
    }
    return (await guard.check(url, WEB)).href;
  }

  /** yt-dlp -J on an address that passed target(): the facts, or an AppError with the Portuguese reason. */
  async function probe(auth: Auth, url: string): Promise<YtdlpFacts> {
    if (!perAccount.hit(String(auth.userId)) || probing >= PROBES_AT_ONCE) throw new AppError('too_many_requests');
    probing += 1;
    try {
      // a site slower than DOWNLOAD_PROBE_SECONDS is told to try again
      const r = await execCapture(config.tools.ytdlpBin, ytdlpProbeArgs(url), { timeoutMs: config.tools.downloadProbeSeconds * 1000, maxBytes: 32 * 1024 * 1024 });
      if (r.timedOut) throw new AppError('download_site_slow');
      if (r.code !== 0) {
        const why = classifyYtdlpFailure(r.stderr.split('\n').slice(-20));
        throw new AppError(why === 'unavailable' ? 'download_unavailable' : 'download_invalid_url');
      }
      const facts = readYtdlpInfo(parseJson<unknown>(r.stdout, null));
      if (!facts) throw new AppError('download_invalid_url');
      return facts;
    } finally {
      probing -= 1;
    }
  }

  async function videoInfo(auth: Auth, raw: string): Promise<VideoInfo> {
    const facts = await probe(auth, await target(raw));
    return {
      title: facts.title,
      uploader: facts.uploader,
      duration: facts.duration,
      view_count: facts.viewCount,
      filesize: facts.filesize,
      id: facts.id,
      thumbnail: facts.thumbnail ? await fetchThumbnail(guard, facts.thumbnail) : '',
    };
  }

  function statusOf(row: JobRow | undefined): DownloadStatus {
    const idle: DownloadStatus = {
      success: true, downloading: false, status: 'idle', progress: 0, video_title: '', filename: '', uptime: 0, final_size: null, error: null,
      id: null, downloaded_bytes: null, total_bytes: null,
    };
    if (!row) return idle;
    const detail = parseJson<DownloadDetail>(row.detail, {});
    const result = parseJson<DownloadResult | null>(row.result, null);
    const end = row.finished_at ? Date.parse(row.finished_at) : Date.now();
    // a cancel being carried out is no longer a download in progress
    const active = (row.state === 'queued' || row.state === 'running') && !row.cancel;
    const status: DownloadPhase = row.state === 'done' ? 'completed' : row.state === 'failed' ? 'error'
      : row.state === 'queued' || detail.status === 'downloading' ? 'downloading' : 'processing';
    return {
      success: true,
      downloading: active,
      status,
      progress: row.state === 'done' ? 100 : row.progress,
      video_title: detail.video_title ?? '',
      filename: result?.nome ?? detail.filename ?? '',
      uptime: Math.max(0, Math.floor((end - Date.parse(row.created_at)) / 1000)),
      final_size: result?.tamanho ?? null,
      error: row.state === 'failed' ? row.error ?? errorText('download_failed') : null,
      id: row.id,
      downloaded_bytes: detail.downloaded_bytes ?? null,
      total_bytes: detail.total_bytes ?? null,
    };
  }

  return {
    async validate(auth: Auth, url: string): Promise<ValidateLinkResponse> {
      try {
        return { success: true, valid: true, message: msg.downloadValidUrl, video_info: await videoInfo(auth, url) };
      } catch (e) {
        // a refusal of the link is an answer about the link; a busy machine is not
        if (e instanceof AppError && e.status !== 429) return { success: true, valid: false, message: e.message, video_info: null };
        throw e;
      }
    },

    async info(auth: Auth, url: string): Promise<{ success: true; video_info: VideoInfo }> {
      return { success: true, video_info: await videoInfo(auth, url) };
    },

    /** Queues the download; one at a time per account (the job queue's unique index decides). */
    async start(auth: Auth, b: StartDownloadBody): Promise<{ success: true; message: string; id: number }> {
      const url = await target(b.url);
      const owner = ownerOf(auth);
      await library.folders.get(owner, b.id_pasta);
      await ensureFreeSpace(config);
      const room = await library.quota.room(owner);
      if (room.bytes <= 0) throw new AppError('quota_exceeded', { totalMb: room.limitMb, usedMb: room.usedMb });
      const input: DownloadInput = { url, folderId: b.id_pasta, accountId: auth.account.id };
      const detail: DownloadDetail = { status: 'downloading', video_title: '', filename: '', downloaded_bytes: 0, total_bytes: null };
      const job = await jobs.enqueue(core.store.db, downloadJob, { userId: auth.userId, input, detail: { ...detail }, maxAttempts: 2 });
      if (!job) throw busy('download_busy');
      return { success: true, message: msg.downloadStarted, id: job.id };
    },

    async status(auth: Auth): Promise<DownloadStatus> {
      return statusOf(await jobs.latest(auth.userId, downloadJob));
    },

    async cancel(auth: Auth): Promise<{ success: true; message: string }> {
      if (!(await jobs.cancel(auth.userId, downloadJob))) throw new AppError('download_nothing_active');
      return { success: true, message: msg.downloadCanceled };
    },

    /** The account's latest downloads whose video is still in the library (deleted ones drop out). */
    async recent(auth: Auth): Promise<{ success: true; downloads: RecentDownload[] }> {
      const owner = ownerOf(auth);
      const done = await jobs.recentDone(auth.userId, downloadJob, DOWNLOADS.recentLimit * 2);
      const rows = await Promise.all(done.map(async (job) => {
        const result = parseJson<DownloadResult | null>(job.result, null);
        if (!result?.video_id) return null;
        const found = await library.videos.get(owner, result.video_id).catch(() => null);
        if (!found) return null;
        const d: RecentDownload = {
          id: found.row.id, nome: found.row.nome, duracao: found.row.duracao, tamanho_mb: toMb(found.row.tamanho),
          data_download: job.finished_at ?? job.updated_at, pasta: found.folder, folder_id: found.row.folder_id,
        };
        return d;
      }));
      return { success: true, downloads: rows.filter((r): r is RecentDownload => r !== null).slice(0, DOWNLOADS.recentLimit) };
    },
  };
}
export type DownloadsService = ReturnType<typeof createDownloadsService>;
