/**
 * ffmpeg for a restream: read one RTMP/HLS source and push it, unchanged (`-c copy`), to an
 * RTMP(S) destination. Pure: the worker runs the argv under its supervisor.
 */
export interface RestreamPlan {
  /** Where the picture comes from: the node's own nginx-rtmp, on loopback. */
  source: string;
  /** The platform's address with the stream key, already through the outbound guard. */
  destination: string;
  /** A read or write that blocks this long ends the run, so a dead peer is noticed. */
  ioTimeoutSeconds?: number;
}

const SOURCE_PROTOCOLS: Record<string, string> = {
  rtmp: 'rtmp,tcp',
  http: 'http,tcp,hls',
};
const DESTINATION_PROTOCOLS = 'rtmp,rtmps,tcp,tls';

export function restreamArgs(p: RestreamPlan): string[] {
  const src = /^([a-z]+):\/\//.exec(p.source)?.[1];
  const srcProtocols = src ? SOURCE_PROTOCOLS[src] : undefined;
  if (!srcProtocols) throw new Error(`origem não suportada: ${p.source}`);
  if (!/^rtmps?:\/\//.test(p.destination)) throw new Error('o destino precisa ser rtmp:// ou rtmps://');
  const timeout = String(Math.round((p.ioTimeoutSeconds ?? 10) * 1_000_000));
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error',
    // key=value blocks on stdout every second: the supervisor's proof that bytes still flow
    '-progress', 'pipe:1', '-stats_period', '1',
    '-rw_timeout', timeout, '-protocol_whitelist', srcProtocols,
    '-i', p.source,
    '-map', '0:v?', '-map', '0:a?', '-c', 'copy',
    '-f', 'flv', '-flvflags', 'no_duration_filesize',
    '-rw_timeout', timeout, '-protocol_whitelist', DESTINATION_PROTOCOLS,
    '--', p.destination,
  ];
}

/**
 * Reads ffmpeg's `-progress` lines and says which of them prove that the output grew: a
 * `total_size=` larger than the one before. A run that keeps printing the same size is
 * stuck (the destination stopped reading), which is what the supervisor must notice.
 */
export function createOutputGrowth(): { grew(line: string): boolean; bytes(): number } {
  let last = 0;
  return {
    grew(line) {
      const m = /^total_size=(\d+)$/.exec(line.trim());
      if (!m) return false;
      const n = Number(m[1]);
      // the first few hundred bytes are the FLV header and metadata, not yet the picture
      const grew = n > last && n > MEDIA_MIN_BYTES;
      last = Math.max(last, n);
      return grew;
    },
    bytes: () => last,
  };
}

/** Output beyond this size carries media, not just the FLV header and metadata. */
export const MEDIA_MIN_BYTES = 4096;

/**
 * How a run ended, from its last error lines (loglevel error) and whether any media left:
 * `refused` when the destination accepted the connection and then turned the publish down
 * (wrong key, wrong application, a `Server error` it sent), `network` for everything that
 * may pass by itself (refused or lost connection, timeouts, the source without signal).
 */
export function classifyExit(tail: readonly string[], destination: string, sentMedia: boolean): 'refused' | 'network' {
  const text = tail.join('\n');
  if (/Server error:|NetStream\.Publish\.(BadName|Denied)|NetConnection\.Connect\.Rejected|Authentication failed|Unauthorized/i.test(text)) {
    return 'refused';
  }
  if (sentMedia) return 'network';
  // the destination's own line ("rtmp://host/app/key: Input/output error") without a connection
  // failure before it: the server hung up on the publish itself
  const destLine = tail.find((l) => l.startsWith(`${destination}:`));
  const connectionFailed = /Cannot open connection|Connection refused|timed out|Network is unreachable|No route to host|Name or service not known|Temporary failure in name resolution|Immediate exit/i.test(text);
  return destLine && /Input\/output error|End of file|Broken pipe|Connection reset/i.test(destLine) && !connectionFailed ? 'refused' : 'network';
}
