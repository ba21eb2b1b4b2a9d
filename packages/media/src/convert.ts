/**
 * ffmpeg for a video conversion: one library file re-encoded to what every browser and the
 * playlist broadcast take (MP4, H.264 8-bit 4:2:0, AAC stereo) at a chosen bitrate and frame
 * size. Pure pieces: the quality table and which qualities a video is offered, the argv, the
 * reading of `-progress`, the check of the result's probe and whether the result may replace the
 * original. The worker runs the command; the result replaces the original only after those checks.
 */
import { VIDEO_DEMUXERS, type ProbeFacts } from './probe.ts';

export interface Frame {
  width: number;
  height: number;
}

/**
 * The fixed qualities: the bitrate (kbps of video) and the largest frame of each. A video is
 * offered those within the plan and not above its own bitrate (presetOffers); the page proposes
 * the one at its bitrate, or else a custom bitrate up to the video's own.
 */
export const CONVERSION_PRESETS = {
  baixa: { kbps: 800, width: 854, height: 480 },
  media: { kbps: 1500, width: 1280, height: 720 },
  alta: { kbps: 2500, width: 1920, height: 1080 },
} as const satisfies Record<string, { kbps: number } & Frame>;
export type ConversionPreset = keyof typeof CONVERSION_PRESETS;

/** The audio of every conversion: AAC stereo at 48 kHz, so converted videos follow each other in one playout session. */
export const AUDIO_KBPS = 128;
/**
 * Conversions run below the live work of the node (nginx, playouts, restreams): they wait for
 * CPU a live channel needs, and take all of it when nothing else runs.
 */
export const CONVERSION_NICE = 10;
/**
 * x264's average lands a few percent above what it aims at on short videos (1592 kbps for 1500
 * on a 10 s clip). The result must measure within the bitrate asked (else the plan's limit
 * still refuses it from playlists), so the encoder aims 8 % below it, and the VBV cap — any
 * one second at most the bitrate asked — holds the peaks.
 */
const AIM = 0.92;
/** A keyframe every 2 s: the HLS of a playlist broadcast cuts its fragments on them. */
const KEYFRAME_EVERY_S = 2;
/** What the file may come out above bitrate × duration (encoder overshoot, container, faststart index). */
const SIZE_MARGIN = 1.1;

/** '1280x720' → {width: 1280, height: 720}; null for anything else. */
export function parseFrame(text: string): Frame | null {
  const m = /^(\d{2,5})x(\d{2,5})$/.exec(text);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
}

/**
 * The frame a source comes out with inside `box`: the aspect kept, even sides (H.264 4:2:0),
 * never larger than the source on either side (a 480p source stays 480p in a 1080p box; a
 * portrait 1080x1920 in a 1280x720 box becomes 404x720). Mirrors the scale filter below, for
 * the figures shown before ffmpeg runs.
 */
export function fitFrame(source: Frame, box: Frame): Frame {
  if (!(source.width > 0 && source.height > 0)) return box;
  // ffmpeg's own arithmetic (force_original_aspect_ratio=decrease, then force_divisible_by=2)
  const w = Math.min(box.width, source.width);
  const h = Math.min(box.height, source.height);
  const even = (x: number) => Math.max(2, Math.floor(x / 2) * 2);
  return {
    width: even(Math.min(w, Math.round((h * source.width) / source.height))),
    height: even(Math.min(h, Math.round((w * source.height) / source.width))),
  };
}

/** A library video as the quality offer sees it: its video bitrate (kbps, 0 when unknown) and frame. */
export interface ConversionSource {
  kbps: number;
  width: number;
  height: number;
}

/**
 * Whether aiming at `kbps` would only make the video bigger: above the source's own bitrate the
 * file grows while the picture cannot come out better than the source's. The frame needs no such
 * test (it is never scaled up: a larger resolution gives the source's own). An unknown source
 * bitrate (0) judges nothing.
 */
export function aboveSource(kbps: number, sourceKbps: number): boolean {
  return sourceKbps > 0 && kbps > sourceKbps;
}

/** Why a fixed quality is not offered for a video: above the plan's bitrate, or above the video's own. */
export type OfferRefusal = 'plan' | 'source';

export interface PresetOffer {
  quality: ConversionPreset;
  kbps: number;
  /** The frame the result would have: the preset's, or the source's own when that is smaller. */
  frame: Frame;
  /** null: offered. */
  refused: OfferRefusal | null;
}

/** One fixed quality for a source and a plan; the plan is named first (a better plan does not help a video that is already lighter). */
export function presetOffer(quality: ConversionPreset, source: ConversionSource, planKbps: number): PresetOffer {
  const p = CONVERSION_PRESETS[quality];
  const refused = p.kbps > planKbps ? 'plan' : aboveSource(p.kbps, source.kbps) ? 'source' : null;
  return { quality, kbps: p.kbps, frame: fitFrame(source, p), refused };
}

/** The fixed qualities for a source, lowest first: only those neither above the plan nor above the video's own bitrate are offered. */
export function presetOffers(source: ConversionSource, planKbps: number): PresetOffer[] {
  return (Object.keys(CONVERSION_PRESETS) as ConversionPreset[]).map((q) => presetOffer(q, source, planKbps));
}

/**
 * Whether a finished conversion may take the original's place. Not when its file came out
 * larger than the source's although it aimed at no more than the source's bitrate (or that
 * bitrate is unknown): the video would grow for a picture that is no better — the encoder's
 * overshoot on a short video, our 128 kbps stereo audio over a thinner track, or a source whose
 * recorded bitrate overstates its file.
 */
export function resultMayReplace(r: { resultBytes: number; sourceBytes: number; targetKbps: number; sourceKbps: number }): boolean {
  if (!(r.resultBytes > r.sourceBytes)) return true;
  return r.sourceKbps > 0 && r.targetKbps > r.sourceKbps;
}

/** Bytes a conversion is expected to write: (video + audio) bitrate × duration, plus a margin. */
export function expectedBytes(videoKbps: number, durationS: number): number {
  return Math.ceil(((videoKbps + AUDIO_KBPS) * 1000 / 8) * Math.max(1, durationS) * SIZE_MARGIN);
}

export interface ConversionPlan {
  /** The library file (an absolute path: ffmpeg would take `x:` at the start of a relative one as a protocol). */
  input: string;
  /** Where the result is written (the job's own directory). */
  output: string;
  videoKbps: number;
  /** The largest frame; a smaller source keeps its own size. */
  box: Frame;
}

export function conversionArgs(p: ConversionPlan): string[] {
  if (!p.input.startsWith('/') || !p.output.startsWith('/')) throw new Error('a conversão só lê e grava caminhos absolutos');
  if (!(Number.isInteger(p.videoKbps) && p.videoKbps > 0)) throw new Error(`bitrate inválido: ${p.videoKbps}`);
  const k = p.videoKbps;
  // scaled inside the box after ffmpeg applies the rotation tag (so iw/ih are what is seen), never up
  const scale = `scale=w='min(${p.box.width},iw)':h='min(${p.box.height},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`;
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error',
    // key=value blocks on stdout: the job's progress and the bytes written so far
    '-nostats', '-progress', 'pipe:1',
    // a library file only, read by a known video demuxer: no playlist or concat list can make ffmpeg open other files
    '-protocol_whitelist', 'file', '-format_whitelist', VIDEO_DEMUXERS.join(','),
    '-i', p.input,
    '-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn', '-map_chapters', '-1',
    '-vf', scale,
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p',
    '-b:v', `${Math.floor(k * AIM)}k`, '-maxrate', `${k}k`, '-bufsize', `${k}k`,
    '-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_EVERY_S})`,
    '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ar', '48000', '-ac', '2',
    '-movflags', '+faststart', '-f', 'mp4', '-y',
    '--', p.output,
  ];
}

/** The command as the worker runs it: ffmpeg under `nice`, so live channels keep their CPU. */
export function conversionCommand(ffmpegBin: string, p: ConversionPlan): { cmd: string; args: string[] } {
  return { cmd: 'nice', args: ['-n', String(CONVERSION_NICE), ffmpegBin, ...conversionArgs(p)] };
}

export interface ConversionTick {
  /** Media seconds written so far. */
  seconds: number;
  /** Bytes of the output so far. */
  bytes: number;
  /** 0–99 while running (the check after ffmpeg is the last step), 100 at ffmpeg's end. */
  percent: number;
  /** × real time, when ffmpeg says. */
  speed: number | null;
  end: boolean;
}

/**
 * Reads `-progress` lines; every block ends with `progress=continue|end`, and that line yields
 * the block's figures. `durationS` is the source's, for the percent.
 */
export function createProgressReader(durationS: number): (line: string) => ConversionTick | null {
  let seconds = 0;
  let bytes = 0;
  let speed: number | null = null;
  return (line) => {
    const eq = line.indexOf('=');
    if (eq < 1) return null;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    const n = Number(value);
    if (key === 'out_time_us' && Number.isFinite(n) && n >= 0) seconds = n / 1e6;
    else if (key === 'total_size' && Number.isFinite(n) && n >= 0) bytes = n;
    else if (key === 'speed') {
      const x = Number.parseFloat(value);
      speed = Number.isFinite(x) ? x : null;
    } else if (key === 'progress') {
      const end = value === 'end';
      const percent = end ? 100 : durationS > 0 ? Math.min(99, Math.floor((seconds / durationS) * 100)) : 0;
      return { seconds, bytes, percent, speed, end };
    }
    return null;
  };
}

/**
 * Whether a conversion's result is what it must be before it takes the original's place: an
 * MP4 with H.264 in yuv420p, AAC when the source had sound, a picture, and the source's
 * duration within 1 s or 2 % (a cut-short file never replaces a whole one).
 */
export function conversionVerified(result: ProbeFacts | null, source: Pick<ProbeFacts, 'durationS' | 'audioCodec'>): boolean {
  if (!result) return false;
  const format = result.isMp4 && result.videoCodec === 'h264' && result.pixFmt === 'yuv420p' && result.width > 0 && result.height > 0;
  const audio = source.audioCodec === null ? result.audioCodec === null || result.audioCodec === 'aac' : result.audioCodec === 'aac';
  const tolerance = Math.max(1, source.durationS * 0.02);
  return format && audio && Math.abs(result.durationS - source.durationS) <= tolerance;
}
