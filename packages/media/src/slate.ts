import { isLocalDestination } from './local-destination.ts';

/**
 * ffmpeg for a slate ('Voltamos já'): a still picture made into a short H.264 + AAC video
 * (silent stereo), with a keyframe every `keyframeSeconds`, so a playout can loop it with
 * `-c copy` like any library video and restreams receive an ordinary stream.
 */
export interface SlatePlan {
  /** The picture (PNG) to show. */
  image: string;
  /** The MP4 to write. */
  out: string;
  seconds?: number;
  fps?: number;
  keyframeSeconds?: number;
  videoKbps?: number;
}

export function slateArgs(p: SlatePlan): string[] {
  const fps = p.fps ?? 30;
  const gop = String(Math.max(1, Math.round(fps * (p.keyframeSeconds ?? 2))));
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
    '-loop', '1', '-framerate', String(fps), '-i', p.image,
    '-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=44100',
    '-t', String(p.seconds ?? 10),
    '-map', '0:v:0', '-map', '1:a:0',
    '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-pix_fmt', 'yuv420p', '-profile:v', 'high',
    '-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-b:v', `${p.videoKbps ?? 800}k`,
    '-c:a', 'aac', '-b:a', '128k',
    '-shortest', '-movflags', '+faststart', '-f', 'mp4', p.out,
  ];
}

/** The slate on air: its video looped at its own pace, copied into the account's channel on the local nginx. */
export interface SlateLoopPlan {
  /** The slate MP4 (slateArgs' output). */
  video: string;
  /** rtmp://<local nginx>/live/{login}_live?reserva=<token> */
  destination: string;
  localHost: string;
}

export function slateLoopArgs(p: SlateLoopPlan): string[] {
  if (!isLocalDestination(p.destination, p.localHost)) throw new Error('o sinal reserva publica só no nginx local');
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error',
    // key=value blocks on stdout every second: the supervisor's proof that bytes still flow
    '-progress', 'pipe:1', '-stats_period', '1',
    '-protocol_whitelist', 'file,rtmp,tcp',
    '-re', '-stream_loop', '-1', '-i', p.video,
    '-map', '0:v:0', '-map', '0:a:0', '-c', 'copy',
    '-f', 'flv', '-flvflags', 'no_duration_filesize',
    '--', p.destination,
  ];
}
