/**
 * ffmpeg argv for a generated test broadcast (colour bars and a tone, `-f lavfi`) published
 * like OBS does: H.264 + AAC in FLV over RTMP. Tests and benchmarks use it instead of OBS.
 */
export interface TestStreamOptions {
  url: string;
  /** Stop after this many seconds; undefined runs until killed. */
  seconds?: number | undefined;
  videoKbps?: number;
  fps?: number;
  /** Keyframe interval in seconds; OBS's recommended setting is 2. */
  keyframeSeconds?: number;
  size?: string;
}

export function testStreamArgs(o: TestStreamOptions): string[] {
  const fps = o.fps ?? 25;
  const kbps = o.videoKbps ?? 800;
  const gop = Math.max(1, Math.round(fps * (o.keyframeSeconds ?? 1)));
  if (!/^rtmps?:\/\//.test(o.url)) throw new Error('o destino do teste precisa ser rtmp://');
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'warning',
    '-re',
    '-f', 'lavfi', '-i', `testsrc2=size=${o.size ?? '640x360'}:rate=${fps}`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
    ...(o.seconds ? ['-t', String(o.seconds)] : []),
    // ultrafast: the same H.264 in FLV that OBS sends, for a third less processor than OBS's
    // veryfast (many of these run at once beside the test suite's servers)
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
    '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0',
    '-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps * 2}k`,
    '-c:a', 'aac', '-b:a', '96k',
    '-f', 'flv', '--', o.url,
  ];
}
