import { isLocalDestination } from './local-destination.ts';
/**
 * ffmpeg for a playout: one long-running process per channel that plays a concat list of
 * "slots" (links the worker points at the next videos just before they are due) into the
 * channel's RTMP stream, unchanged (`-c copy`), in real time. One RTMP session for many
 * videos: timestamps stay monotonic across them and the HLS never restarts. Pure pieces:
 * the argv, the list, the slot names and the format key that decides whether two videos can
 * follow each other in one session.
 */
export interface PlayoutPlan {
  /** The concat list (ffconcat) naming the slots. */
  list: string;
  /** The node's own nginx-rtmp on loopback, with the stream name and the playout's token. */
  destination: string;
  /** The address that nginx listens on for the node's own processes (default 127.0.0.1). */
  localHost?: string;
}

/** Slot files on disk; slot k of the list is the file of k mod SLOTS, reused every SLOTS videos. */
export const SLOTS = 64;
/**
 * Entries in the list: the slot names over and over, so one run plays this many videos. The
 * list is finite on purpose: a slot left without a file ends the run cleanly (ffmpeg writes the
 * end of the stream and exits 0), which is how a run stops before a video of another format.
 * With -stream_loop the same missing slot crashed ffmpeg 5 (SIGSEGV) mid-broadcast.
 */
export const LIST_ENTRIES = SLOTS * 256;
export const slotName = (k: number): string => `slot-${String(((k % SLOTS) + SLOTS) % SLOTS).padStart(2, '0')}.mp4`;

/** The list: the slots in order, the first one from `inpoint` seconds in (a resumed video). */
export function concatList(inpoint: number): string {
  const lines = ['ffconcat version 1.0'];
  for (let k = 0; k < LIST_ENTRIES; k++) {
    lines.push(`file ${slotName(k)}`);
    if (k === 0 && inpoint > 0) lines.push(`inpoint ${inpoint.toFixed(3)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function playoutArgs(p: PlayoutPlan): string[] {
  if (!isLocalDestination(p.destination, p.localHost)) throw new Error('o playout publica só no nginx local');
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error',
    '-progress', 'pipe:1', '-stats_period', '1',
    // the slots are plain files next to the list; nothing else may be opened
    '-protocol_whitelist', 'file,rtmp,tcp',
    '-re', '-f', 'concat', '-safe', '1', '-i', p.list,
    '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy',
    '-f', 'flv', '-flvflags', 'no_duration_filesize',
    '--', p.destination,
  ];
}

/** ffprobe's argv for one video: its duration and what decides whether it can follow another. */
export function probeArgs(file: string): string[] {
  return [
    '-v', 'error', '-show_data_hash', 'CRC32',
    '-show_entries', 'stream=codec_type,codec_name,width,height,pix_fmt,sample_rate,channels,extradata_hash:format=duration',
    '-of', 'json', '--', file,
  ];
}

export interface PlayableFacts {
  duration: number;
  /** Videos with the same key play one after the other in one RTMP session. */
  format: string;
}

/**
 * From ffprobe's JSON: null when the file cannot be played (no video, no duration). The key
 * holds the codec set-up a decoder receives once per session (H.264 SPS/PPS, AAC config).
 */
export function playableFacts(json: string): PlayableFacts | null {
  let d: { streams?: Record<string, unknown>[]; format?: { duration?: string } };
  try {
    d = JSON.parse(json) as typeof d;
  } catch {
    return null;
  }
  const streams = d.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const duration = Number(d.format?.duration);
  if (!video || !(duration > 0)) return null;
  const pick = (s: Record<string, unknown> | undefined, keys: string[]) => (s ? keys.map((k) => String(s[k] ?? '')).join('/') : '-');
  return {
    duration,
    format: `${pick(video, ['codec_name', 'width', 'height', 'pix_fmt', 'extradata_hash'])}|${pick(audio, ['codec_name', 'sample_rate', 'channels', 'extradata_hash'])}`,
  };
}
