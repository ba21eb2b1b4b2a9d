/**
 * yt-dlp for "download from a link": the argv of its two runs (read the link's facts into a
 * JSON file; download exactly what that file names), the reading of that JSON, and the
 * parsing of its progress lines. Pure: the worker and the API run the argv.
 *
 * Two runs, not one: the first writes the video's facts (title, the media addresses of the
 * chosen format) into the job's directory, the panel checks those addresses, and the second
 * downloads from that very file (`--load-info-json`), so what is fetched is what was checked.
 */

/** Best up to 1080p, MP4: H.264/AAC MP4 when the site has it, else the best ≤ 1080p, merged or remuxed to MP4. */
export const YTDLP_FORMAT = 'bv*[height<=?1080][ext=mp4]+ba[ext=m4a]/b[height<=?1080][ext=mp4]/bv*[height<=?1080]+ba/b[height<=?1080]/b';

/** The file the first run writes (`-o info` + `--write-info-json`). */
export const YTDLP_INFO_FILE = 'info.info.json';
/** The downloaded file is `media.<ext>` in the job's directory: a name of ours, never the site's title. */
export const YTDLP_MEDIA_STEM = 'media';

/** What every run shares: no configuration file, cache, colour or playlist expansion. */
const COMMON = ['--ignore-config', '--no-cache-dir', '--no-colors', '--no-playlist', '--socket-timeout', '20'];

const TAG = '[painel]';
/** One line per progress step: status, bytes so far, total, estimated total, the format being fetched. */
const PROGRESS_TEMPLATE = `download:${TAG} %(progress.status)s %(progress.downloaded_bytes)s %(progress.total_bytes)s %(progress.total_bytes_estimate)s %(info.format_id)s`;

function requireWebUrl(url: string): void {
  // yt-dlp also opens files and other schemes; only addresses the outbound guard passed get here
  if (!/^https?:\/\/[^\s]+$/i.test(url)) throw new Error(`endereço não suportado: ${url}`);
}

/** The facts of a link without downloading it (the API's validation): JSON on stdout. */
export function ytdlpProbeArgs(url: string): string[] {
  requireWebUrl(url);
  return [...COMMON, '--no-warnings', '-f', YTDLP_FORMAT, '-J', '--', url];
}

/** First run of a download: the facts of the chosen format into `info.info.json` (run in the job's directory). */
export function ytdlpInfoArgs(url: string): string[] {
  requireWebUrl(url);
  return [...COMMON, '--no-warnings', '--skip-download', '--write-info-json', '-f', YTDLP_FORMAT, '-o', 'info', '--', url];
}

export interface YtdlpDownloadPlan {
  /** yt-dlp stops a file that declares more than this; the worker also watches the bytes on disk. */
  maxBytes: number;
  /** An ffmpeg of the panel's choosing for the merge/remux (FFMPEG_PATH), when it is a path. */
  ffmpegLocation?: string | undefined;
}

/** Second run: download what the info file names, merge or remux to MP4, print progress lines. */
export function ytdlpDownloadArgs(p: YtdlpDownloadPlan): string[] {
  if (!Number.isInteger(p.maxBytes) || p.maxBytes <= 0) throw new Error('limite de tamanho inválido');
  return [
    ...COMMON,
    '--newline', '--progress', '--progress-template', PROGRESS_TEMPLATE,
    '-f', YTDLP_FORMAT, '--merge-output-format', 'mp4', '--remux-video', 'mp4',
    '--max-filesize', String(p.maxBytes), '--no-mtime', '--no-write-thumbnail', '--no-write-subs',
    ...(p.ffmpegLocation?.includes('/') ? ['--ffmpeg-location', p.ffmpegLocation] : []),
    '-o', `${YTDLP_MEDIA_STEM}.%(ext)s`,
    '--load-info-json', YTDLP_INFO_FILE,
  ];
}

export interface YtdlpProgress {
  status: 'downloading' | 'finished' | 'error';
  downloaded: number | null;
  /** Total bytes of this part, declared or estimated. */
  total: number | null;
  formatId: string;
}

const num = (s: string | undefined): number | null => {
  const n = Number(s);
  return s !== undefined && s !== 'NA' && Number.isFinite(n) && n >= 0 ? n : null;
};

/** One progress line of the download run, or null for any other output. */
export function parseYtdlpProgress(line: string): YtdlpProgress | null {
  if (!line.startsWith(`${TAG} `)) return null;
  const [status, downloaded, total, estimate, formatId = ''] = line.slice(TAG.length + 1).trim().split(/\s+/);
  if (status !== 'downloading' && status !== 'finished' && status !== 'error') return null;
  return { status, downloaded: num(downloaded), total: num(total) ?? num(estimate), formatId: formatId === 'NA' ? '' : formatId };
}

/**
 * Percent of the whole download: a merged format is fetched part by part (picture, then
 * sound), each weighted by its size when the site says it, else equally.
 */
export function overallPercent(parts: readonly { formatId: string; bytes: number | null }[], formatId: string, fraction: number): number {
  const f = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  if (parts.length < 2) return f * 100;
  const known = parts.every((x) => x.bytes !== null && x.bytes > 0);
  const weights = parts.map((x) => (known ? x.bytes! : 1));
  const total = weights.reduce((s, w) => s + w, 0);
  const idx = Math.max(0, parts.findIndex((x) => x.formatId === formatId));
  const before = weights.slice(0, idx).reduce((s, w) => s + w, 0);
  return Math.min(100, ((before + weights[idx]! * f) / total) * 100);
}

export interface YtdlpFacts {
  id: string;
  title: string;
  uploader: string | null;
  /** Seconds, when the site says. */
  duration: number | null;
  viewCount: number | null;
  /** Bytes of the chosen format(s), declared or approximate; null when unknown. */
  filesize: number | null;
  /** A small picture of the video (the site's address), when it has one. */
  thumbnail: string | null;
  /** The chosen format, parts in download order with their sizes. */
  parts: { formatId: string; bytes: number | null }[];
  /** Every address the download run will fetch from (media files, manifests, fragment bases). */
  mediaUrls: string[];
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const pos = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/** A thumbnail around 480 px wide is enough for the panel's card and small to carry. */
function pickThumbnail(info: Json): string | null {
  const list = Array.isArray(info.thumbnails) ? (info.thumbnails as Json[]) : [];
  const sized = list.filter((t) => str(t.url) && pos(t.width) && pos(t.width)! <= 480 && !/\.webp(\?|$)/i.test(String(t.url)));
  sized.sort((a, b) => pos(b.width)! - pos(a.width)!);
  return str(sized[0]?.url) ?? str(info.thumbnail);
}

/**
 * The facts of yt-dlp's JSON (`-J` or the info file). Null when it is not one video (a
 * playlist or channel page), which the panel does not download.
 */
export function readYtdlpInfo(info: unknown): YtdlpFacts | null {
  if (!info || typeof info !== 'object') return null;
  const j = info as Json;
  if (j._type !== undefined && j._type !== 'video') return null;
  const formats = Array.isArray(j.requested_formats) && j.requested_formats.length ? (j.requested_formats as Json[]) : [j];
  const mediaUrls = new Set<string>();
  for (const f of formats) for (const k of ['url', 'manifest_url', 'fragment_base_url'] as const) if (str(f[k])) mediaUrls.add(str(f[k])!);
  if (mediaUrls.size === 0) return null;
  const parts = formats.map((f) => ({ formatId: str(f.format_id) ?? '', bytes: pos(f.filesize) ?? pos(f.filesize_approx) }));
  const summed = parts.every((x) => x.bytes !== null) ? parts.reduce((s, x) => s + x.bytes!, 0) : null;
  return {
    id: str(j.id) ?? '',
    title: str(j.title) ?? str(j.fulltitle) ?? str(j.id) ?? '',
    uploader: str(j.uploader) ?? str(j.channel),
    duration: pos(j.duration),
    viewCount: pos(j.view_count),
    filesize: pos(j.filesize) ?? pos(j.filesize_approx) ?? summed,
    thumbnail: pickThumbnail(j),
    parts,
    mediaUrls: [...mediaUrls],
  };
}

export type YtdlpFailure = 'unavailable' | 'too-big' | 'unsupported' | 'unknown';

/** Why a run failed, from its last lines: the panel words each reason in Portuguese. */
export function classifyYtdlpFailure(tail: readonly string[]): YtdlpFailure {
  const text = tail.join('\n');
  if (/larger than max-filesize/i.test(text)) return 'too-big';
  if (/Unsupported URL|is not a valid URL|No video formats found|Unable to extract/i.test(text)) return 'unsupported';
  if (/Private video|Video unavailable|not available|has been removed|members-only|Sign in to confirm|age-restricted|HTTP Error 4(03|04|10)|copyright/i.test(text)) {
    return 'unavailable';
  }
  return 'unknown';
}
