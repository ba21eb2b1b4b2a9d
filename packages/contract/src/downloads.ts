import { z } from 'zod';
import { noControlChars } from './control-chars.ts';
import { coded } from './coded.ts';

/** The host named in the refusal of a link that is not a video-platform link. */
export const YOUTUBE_HOST = 'youtube.com';

export const DOWNLOADS = {
  /** Status polling while a download is active. */
  pollMs: 5000,
  /** Server validation starts this long after typing stops. */
  validateDelayMs: 2000,
  /** The only quality and format offered: best up to 1080p, MP4. */
  quality: 'best[height<=1080]',
  format: 'mp4',
  /** How many finished downloads 'Recentes' lists. */
  recentLimit: 10,
} as const;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The 11-character id of a video-platform link — watch (`/watch?v=ID`), short (`youtu.be/ID`),
 * embed (`/embed/ID`), v (`/v/ID`) or shorts (`/shorts/ID`) — or null for anything else.
 */
export function youtubeVideoId(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.port || url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be') id = segments.length === 1 ? segments[0] : null;
  else if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else if (segments.length === 2 && ['embed', 'v', 'shorts'].includes(segments[0]!)) id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/** The one address the panel gives yt-dlp for a video-platform link: no playlist, no extra parameters. */
export const youtubeWatchUrl = (id: string): string => `https://www.youtube.com/watch?v=${id}`;

// the link (or the address rebuilt from its video id) is yt-dlp's argument
const link = noControlChars(z.string(coded('download_fields_required')).trim().min(1, coded('download_fields_required')).max(2000, coded('download_url_invalid_short')));

/** POST /api/downloadyoutube/validate and /info. */
export const downloadLinkBody = z.object({ url: link });
export type DownloadLinkBody = z.infer<typeof downloadLinkBody>;

/** POST /api/downloadyoutube: the link, the destination folder; quality and format are fixed. */
export const startDownloadBody = z.object({
  url: link,
  id_pasta: z.coerce.number(coded('download_fields_required')).int(coded('download_fields_required')).positive(coded('download_fields_required')),
  quality: z.literal(DOWNLOADS.quality, coded('invalid_data')).optional().default(DOWNLOADS.quality),
  format: z.literal(DOWNLOADS.format, coded('invalid_data')).optional().default(DOWNLOADS.format),
});
export type StartDownloadBody = z.infer<typeof startDownloadBody>;
export type StartDownloadInput = z.input<typeof startDownloadBody>;

/** What the site says of a video, before it is downloaded. */
export const videoInfoSchema = z.object({
  title: z.string(),
  uploader: z.string().nullable(),
  /** seconds */
  duration: z.number().nullable(),
  view_count: z.number().nullable(),
  /** bytes of the chosen format, when the site declares it */
  filesize: z.number().nullable(),
  id: z.string(),
  /** A data: URL of a small picture (the panel's pages load no image from other sites), or '' when there is none. */
  thumbnail: z.string(),
});
export type VideoInfo = z.infer<typeof videoInfoSchema>;

/** POST /api/downloadyoutube/validate: a link that cannot be downloaded is an ordinary answer (valid false, the reason in message). */
export const validateLinkResponseSchema = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  message: z.string(),
  video_info: videoInfoSchema.nullable(),
});
export type ValidateLinkResponse = z.infer<typeof validateLinkResponseSchema>;

/** POST /api/downloadyoutube/info. */
export const videoInfoResponseSchema = z.object({ success: z.literal(true), video_info: videoInfoSchema });

/** The status values of the spec; any other is shown as processing. */
export const DOWNLOAD_PHASES = ['downloading', 'uploading', 'processing', 'completed', 'error'] as const;
export type DownloadPhase = (typeof DOWNLOAD_PHASES)[number];

export const downloadStatusSchema = z.object({
  success: z.literal(true),
  /** True only while the download is queued or running (a cancel being carried out is not). */
  downloading: z.boolean(),
  /** 'idle' when the account never downloaded anything. */
  status: z.enum([...DOWNLOAD_PHASES, 'idle']),
  /** percent */
  progress: z.number(),
  video_title: z.string(),
  /** The video's name in the library (once imported) or the name it will get. */
  filename: z.string(),
  /** seconds since the download was asked for (until it ended) */
  uptime: z.number(),
  /** bytes of the video in the library, once completed */
  final_size: z.number().nullable(),
  error: z.string().nullable(),
  /** The job this status is about; the page tells its own download from an older one by it. */
  id: z.number().nullable(),
  downloaded_bytes: z.number().nullable(),
  total_bytes: z.number().nullable(),
});
export type DownloadStatus = z.infer<typeof downloadStatusSchema>;

/** POST /api/downloadyoutube: the queued download's job id. */
export const downloadStartedSchema = z.object({ success: z.literal(true), message: z.string(), id: z.number() });

export const recentDownloadSchema = z.object({
  /** the video's id in the library */
  id: z.number(),
  nome: z.string(),
  /** seconds */
  duracao: z.number(),
  tamanho_mb: z.number(),
  /** when the download finished (ISO) */
  data_download: z.string(),
  pasta: z.string(),
  folder_id: z.number(),
});
export type RecentDownload = z.infer<typeof recentDownloadSchema>;
export const recentDownloadsSchema = z.object({ success: z.literal(true), downloads: z.array(recentDownloadSchema) });

/** The spec's rule: downloading, uploading, completed, error; anything else is processing. */
export function downloadPhase(status: string | null | undefined): DownloadPhase {
  return status === 'downloading' || status === 'uploading' || status === 'completed' || status === 'error' ? status : 'processing';
}
