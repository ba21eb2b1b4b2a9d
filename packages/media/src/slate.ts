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
