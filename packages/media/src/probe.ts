/**
 * ffprobe: the argv that asks for a file's container and streams, and the pure reading of
 * its JSON into the facts the video library stores and the verdict it shows (compatible as
 * it is, or needs conversion, and why).
 */

export const PROBE_TIMEOUT_MS = 30_000;

/**
 * The demuxers of the video formats the panel takes (MP4/MOV/3GP, MKV/WebM, AVI, WMV, FLV,
 * MPEG-TS, MPEG-PS). Anything else is refused before it is opened: playlist and concat
 * formats (HLS, ffconcat, …) would make ffprobe, and later ffmpeg, read other files on disk.
 */
export const VIDEO_DEMUXERS = ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2', 'matroska', 'webm', 'avi', 'asf', 'flv', 'mpegts', 'mpeg'] as const;

/** Local files only, known video demuxers only; `--` keeps a name starting with '-' from being an option. */
export function ffprobeArgs(file: string): string[] {
  return [
    '-v', 'error', '-protocol_whitelist', 'file', '-format_whitelist', VIDEO_DEMUXERS.join(','),
    '-print_format', 'json', '-show_format', '-show_streams', '--', file,
  ];
}

export interface ProbeFacts {
  /** Short container name: mp4, mov, avi, wmv, flv, webm, mkv, ts, mpg, 3gp, … */
  container: string;
  isMp4: boolean;
  videoCodec: string;
  audioCodec: string | null;
  pixFmt: string | null;
  width: number;
  height: number;
  /** Whole seconds. */
  durationS: number;
  /** Video bitrate in kbps; 0 when the file does not say. */
  bitrateKbps: number;
}

export type Reason =
  | { kind: 'container'; container: string }
  | { kind: 'videoCodec'; codec: string }
  | { kind: 'audioCodec'; codec: string }
  | { kind: 'pixFmt'; pixFmt: string }
  | { kind: 'bitrate'; kbps: number; limit: number };

export interface Verdict {
  compatible: boolean;
  exceedsLimit: boolean;
  reasons: Reason[];
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  bit_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
}
interface RawProbe {
  format?: { format_name?: string; duration?: string; bit_rate?: string; tags?: Record<string, string> };
  streams?: RawStream[];
}

/** Formats ffprobe reads as a picture stream that are not videos: still images and text art. */
const NOT_VIDEO_FORMATS = ['image2', 'gif', 'apng', 'tty', 'bin', 'xbin', 'adf', 'idf'];
const isNotVideoFormat = (formatName: string): boolean => {
  const names = formatName.split(',');
  return names.some((n) => NOT_VIDEO_FORMATS.includes(n) || n.endsWith('_pipe'))
    || !names.every((n) => (VIDEO_DEMUXERS as readonly string[]).includes(n));
};
const num = (v: string | number | undefined): number => {
  const n = typeof v === 'number' ? v : Number.parseFloat(v ?? '');
  return Number.isFinite(n) && n > 0 ? n : 0;
};

function containerOf(formatName: string, tags: Record<string, string>, video: string, audio: string | null, ext: string): string {
  const names = formatName.split(',');
  if (names.includes('mp4') || names.includes('mov')) {
    const brand = (tags.major_brand ?? '').trim().toLowerCase();
    if (brand === 'qt') return 'mov';
    if (brand.startsWith('3g')) return '3gp';
    if (!brand) return ext === 'mov' ? 'mov' : 'mp4';
    return 'mp4';
  }
  if (names.includes('matroska') || names.includes('webm')) {
    if (ext === 'webm' || ext === 'mkv') return ext;
    const webmCodecs = ['vp8', 'vp9', 'av1'].includes(video) && (audio === null || ['vorbis', 'opus'].includes(audio));
    return webmCodecs ? 'webm' : 'mkv';
  }
  if (names[0] === 'asf') return 'wmv';
  if (names[0] === 'mpegts') return 'ts';
  if (names[0] === 'mpeg') return 'mpg';
  return (names[0] ?? 'desconhecido').replace(/[^a-z0-9]/gi, '').slice(0, 12).toLowerCase() || 'desconhecido';
}

/**
 * Reads ffprobe's JSON. Returns null for anything that is not a video: no stream of
 * pictures, a still image, or an empty answer (ffprobe fails on text, so the caller passes {}).
 * `ext` is only a tie-breaker for containers ffprobe reports as one family (mkv/webm).
 */
export function readProbe(json: unknown, ext = ''): ProbeFacts | null {
  const raw = (json ?? {}) as RawProbe;
  const format = raw.format;
  const streams = Array.isArray(raw.streams) ? raw.streams : [];
  if (!format?.format_name || isNotVideoFormat(format.format_name)) return null;
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.codec_name) return null;
  const audio = streams.find((s) => s.codec_type === 'audio');
  const audioCodec = audio?.codec_name ?? null;
  const durationS = num(format.duration) || num(video.duration);
  // Matroska and others keep no per-stream rate: the container's total minus the audio is the best estimate.
  let bps = num(video.bit_rate);
  if (!bps) bps = Math.max(0, num(format.bit_rate) - streams.filter((s) => s.codec_type === 'audio').reduce((t, s) => t + num(s.bit_rate), 0));
  const container = containerOf(format.format_name, format.tags ?? {}, video.codec_name, audioCodec, ext.toLowerCase().replace(/^\./, ''));
  return {
    container,
    isMp4: container === 'mp4',
    videoCodec: video.codec_name,
    audioCodec,
    pixFmt: video.pix_fmt ?? null,
    width: video.width ?? 0,
    height: video.height ?? 0,
    durationS: Math.round(durationS),
    bitrateKbps: Math.round(bps / 1000),
  };
}

/** Pixel formats every browser decodes in H.264 (8-bit 4:2:0). */
const BROWSER_PIX_FMTS = ['yuv420p', 'yuvj420p'];

/**
 * Compatible means it can go into a playlist as it is: MP4, H.264 in 8-bit 4:2:0, AAC or
 * no audio, and a video bitrate within the plan (0 = unknown, accepted: the bitrate of some files cannot be read).
 */
export function verdict(f: Pick<ProbeFacts, 'isMp4' | 'container' | 'videoCodec' | 'audioCodec' | 'pixFmt' | 'bitrateKbps'>, limitKbps: number): Verdict {
  const reasons: Reason[] = [];
  if (!f.isMp4) reasons.push({ kind: 'container', container: f.container });
  if (f.videoCodec !== 'h264') reasons.push({ kind: 'videoCodec', codec: f.videoCodec });
  else if (f.pixFmt && !BROWSER_PIX_FMTS.includes(f.pixFmt)) reasons.push({ kind: 'pixFmt', pixFmt: f.pixFmt });
  if (f.audioCodec !== null && f.audioCodec !== 'aac') reasons.push({ kind: 'audioCodec', codec: f.audioCodec });
  const exceedsLimit = f.bitrateKbps > limitKbps;
  if (exceedsLimit) reasons.push({ kind: 'bitrate', kbps: f.bitrateKbps, limit: limitKbps });
  return { compatible: reasons.length === 0, exceedsLimit, reasons };
}
