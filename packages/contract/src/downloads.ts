import { z } from 'zod';
import { noControlChars } from './control-chars.ts';
import { msg } from './messages.ts';

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
const link = noControlChars(z.string({ error: msg.downloadFieldsRequired }).trim().min(1, msg.downloadFieldsRequired).max(2000, msg.downloadUrlInvalidShort));

/** POST /api/downloadyoutube/validate and /info. */
export const downloadLinkBody = z.object({ url: link });
export type DownloadLinkBody = z.infer<typeof downloadLinkBody>;

/** POST /api/downloadyoutube: the link, the destination folder; quality and format are fixed. */
export const startDownloadBody = z.object({
  url: link,
  id_pasta: z.coerce.number({ error: msg.downloadFieldsRequired }).int(msg.downloadFieldsRequired).positive(msg.downloadFieldsRequired),
  quality: z.literal(DOWNLOADS.quality, { error: msg.invalidData }).optional().default(DOWNLOADS.quality),
  format: z.literal(DOWNLOADS.format, { error: msg.invalidData }).optional().default(DOWNLOADS.format),
});
export type StartDownloadBody = z.infer<typeof startDownloadBody>;
export type StartDownloadInput = z.input<typeof startDownloadBody>;

/** What the site says of a video, before it is downloaded. */
export interface VideoInfo {
  title: string;
  uploader: string | null;
  /** seconds */
  duration: number | null;
  view_count: number | null;
  /** bytes of the chosen format, when the site declares it */
  filesize: number | null;
  id: string;
  /** A data: URL of a small picture (the panel's pages load no image from other sites), or '' when there is none. */
  thumbnail: string;
}

export interface ValidateLinkResponse {
  success: true;
  valid: boolean;
  message: string;
  video_info: VideoInfo | null;
}

/** The status values of the spec; any other is shown as processing. */
export type DownloadPhase = 'downloading' | 'uploading' | 'processing' | 'completed' | 'error';

export interface DownloadStatus {
  success: true;
  /** True only while the download is queued or running (a cancel being carried out is not). */
  downloading: boolean;
  /** 'idle' when the account never downloaded anything. */
  status: DownloadPhase | 'idle';
  /** percent */
  progress: number;
  video_title: string;
  /** The video's name in the library (once imported) or the name it will get. */
  filename: string;
  /** seconds since the download was asked for (until it ended) */
  uptime: number;
  /** bytes of the video in the library, once completed */
  final_size: number | null;
  error: string | null;
  /** The job this status is about; the page tells its own download from an older one by it. */
  id: number | null;
  downloaded_bytes: number | null;
  total_bytes: number | null;
}

export interface RecentDownload {
  /** the video's id in the library */
  id: number;
  nome: string;
  /** seconds */
  duracao: number;
  tamanho_mb: number;
  /** when the download finished (ISO) */
  data_download: string;
  pasta: string;
  folder_id: number;
}

/** The spec's rule: downloading, uploading, completed, error; anything else is processing. */
export function downloadPhase(status: string | null | undefined): DownloadPhase {
  return status === 'downloading' || status === 'uploading' || status === 'completed' || status === 'error' ? status : 'processing';
}

/** The texts of the download page. */
export const downloadsUi = {
  title: 'Download do YouTube',
  subtitle: 'Baixe um vídeo a partir do link e guarde-o numa pasta da sua biblioteca',
  formTitle: 'Novo download',
  linkLabel: 'Link do vídeo',
  linkPlaceholder: 'https://www.youtube.com/watch?v=...',
  linkChecking: 'Verificando link...',
  folderLabel: 'Pasta de destino',
  folderPlaceholder: 'Selecione uma pasta',
  qualityNote: 'Qualidade: melhor disponível até 1080p, formato MP4',
  downloadButton: 'Baixar',
  starting: 'Iniciando...',
  infoTitle: 'Informações do vídeo',
  infoUploader: 'Canal',
  infoDuration: 'Duração',
  infoViews: 'Visualizações',
  infoSize: 'Tamanho estimado',
  noThumbnail: 'Sem miniatura',
  progressTitle: 'Progresso do download',
  phase: {
    downloading: 'Baixando vídeo...',
    uploading: 'Enviando para a biblioteca...',
    processing: 'Processando vídeo...',
    completed: 'Download concluído',
    error: 'Erro no download',
  } satisfies Record<DownloadPhase, string>,
  progressBar: 'Progresso do download',
  elapsed: 'Tempo decorrido',
  bytesOf: (done: string, total: string) => `${done} de ${total}`,
  cancel: 'Cancelar download',
  cancelling: 'Cancelando...',
  recentTitle: 'Recentes',
  recentRefresh: 'Atualizar',
  recentEmpty: 'Nenhum vídeo baixado recentemente',
  recentIn: (pasta: string) => `em ${pasta}`,
  helpTitle: 'Como funciona',
  help: [
    'Cole o link de um vídeo do YouTube: youtube.com/watch?v=…, youtu.be/…, /embed/…, /v/… ou /shorts/….',
    'O link é verificado 2 segundos depois que você para de digitar; o título, o canal, a duração e a miniatura aparecem logo abaixo.',
    'O vídeo é baixado na melhor qualidade até 1080p, em MP4, e entra na pasta escolhida já analisado, pronto para playlists.',
    'O download ocupa espaço do seu plano e é interrompido se o espaço acabar. Um download por vez.',
    'Baixe somente vídeos seus ou que você tem o direito de usar.',
  ],
} as const;
