import { isLocalDestination } from './local-destination.ts';
/**
 * ffmpeg for a relay: pull an external live (an RTMP stream or an HLS playlist) and publish it
 * into the account's own channel on the node's nginx-rtmp; and the ffprobe that tells, before
 * that, whether the source is on air and carries a picture the channel can take. Pure: the
 * worker runs the argv under its supervisor, the API runs the probe with a time limit.
 */
export interface RelayPlan {
  /** The external source, already through the outbound guard. */
  source: string;
  /** The node's own nginx-rtmp on loopback, with the relay's token in the query. */
  destination: string;
  /** The address that nginx listens on for the node's own processes (default 127.0.0.1). */
  localHost?: string;
  /** A read or write that blocks this long ends the run, so a dead source is noticed. */
  ioTimeoutSeconds?: number;
}

/**
 * What each kind of source may make ffmpeg open, also for what a playlist names inside it
 * (segments, keys): never file:, concat:, data:, pipes or another scheme. A playlist fetched
 * over https gets its segments over https only. Every HTTP(S) and TLS connection ffmpeg opens
 * (the playlist, its redirects, variants, segments, keys) goes through the guarded loopback
 * proxy the caller names in `http_proxy` (platform/outbound-proxy.ts), which checks each host.
 * `crypto` wraps AES-128 segments around the same transport.
 */
const SOURCE_PROTOCOLS = {
  rtmp: 'rtmp,tcp',
  // TLS goes through the worker's guarded proxy (a CONNECT tunnel: ffmpeg's httpproxy)
  rtmps: 'rtmps,tls,tcp,httpproxy',
  https: 'https,tls,tcp,crypto,httpproxy',
  http: 'http,tcp,crypto',
} as const;
type SourceScheme = keyof typeof SOURCE_PROTOCOLS;

const DESTINATION_PROTOCOLS = 'rtmp,tcp';

/** The video codecs FLV (what nginx-rtmp takes) carries and players decode: the picture is copied, never re-encoded. */
export const RELAY_VIDEO_CODECS = ['h264'] as const;

function schemeOf(url: string): SourceScheme {
  const s = /^([a-z]+):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (!s || !(s in SOURCE_PROTOCOLS)) throw new Error(`origem não suportada: ${url}`);
  return s as SourceScheme;
}

const isHttp = (scheme: SourceScheme) => scheme === 'http' || scheme === 'https';

/**
 * Reloads of a live playlist that bring no new segment, once the relay has read all it lists,
 * before the run ends: a playlist that stops advancing is a source gone silent (ffmpeg would
 * otherwise poll it forever without an error). Reloads come every half target duration, and
 * the relay reads three segments behind the live edge, so a healthy source never gets near.
 */
export const HLS_STALL_RELOADS = 4;

/** Input options shared by the relay and its probe: time limits, reconnects of the playlist, allowed protocols. */
function sourceOptions(source: string, ioTimeoutSeconds: number): string[] {
  const scheme = schemeOf(source);
  return [
    '-rw_timeout', String(Math.round(ioTimeoutSeconds * 1_000_000)),
    // a playlist reload that fails is retried briefly inside ffmpeg; a longer outage ends the
    // run and the supervisor's back-off takes over
    ...(isHttp(scheme) ? ['-reconnect', '1', '-reconnect_streamed', '1', '-reconnect_on_network_error', '1', '-reconnect_delay_max', '4'] : []),
    '-protocol_whitelist', SOURCE_PROTOCOLS[scheme],
    // an http(s) source is an HLS playlist: read as one, so the probe and the relay accept the same sources
    ...(isHttp(scheme) ? ['-f', 'hls'] : []),
  ];
}

export function relayArgs(p: RelayPlan): string[] {
  const scheme = schemeOf(p.source);
  // the relay only ever publishes into this node's own nginx
  if (!isLocalDestination(p.destination, p.localHost)) throw new Error('o destino do relay é o nginx local');
  const io = p.ioTimeoutSeconds ?? 10;
  const hls = isHttp(scheme);
  return [
    // of an HLS source, also the input's start time (an info line): readers of the output tell
    // by it where in the source's timeline a run is (relaySourcePosition)
    '-nostdin', '-hide_banner', '-loglevel', hls ? 'info' : 'error', '-nostats',
    // key=value blocks on stdout every second: the supervisor's proof that bytes still flow
    '-progress', 'pipe:1', '-stats_period', '1',
    // an HLS playlist may be a recording (#EXT-X-ENDLIST): read at its own pace, not at download speed
    ...(hls ? ['-re', '-m3u8_hold_counters', String(HLS_STALL_RELOADS)] : []),
    ...sourceOptions(p.source, io),
    '-i', p.source,
    // FLV carries one picture and one sound; of a master playlist, the first of each
    '-map', '0:v:0?', '-map', '0:a:0?',
    // the picture as it comes; the sound as AAC, since HLS sources often carry AC-3, MP2 or Opus, which FLV cannot
    '-c:v', 'copy', '-c:a', 'aac', '-b:a', '128k',
    '-f', 'flv', '-flvflags', 'no_duration_filesize',
    '-rw_timeout', String(Math.round(io * 1_000_000)), '-protocol_whitelist', DESTINATION_PROTOCOLS,
    '--', p.destination,
  ];
}

/**
 * Where a run of an HLS relay is in its source's own timeline (seconds), fed every output line
 * of the run: the input's start time (ffmpeg's info line `Duration: …, start: S, …`) plus the
 * output time of a progress block, answered at that block's `out_time_us` line (after its
 * `total_size`), null for every other line; the position is null when ffmpeg named no start
 * (nor for a recording, which is read from its beginning at every run).
 * A run that starts again on a playlist that no longer advances reads its last segments once
 * more: their position is one already relayed.
 */
export function relaySourcePosition(): (line: string) => { start: number | null; position: number | null } | null {
  let start: number | null = null;
  return (line) => {
    if (start === null) {
      // a live playlist has no duration; a recording (#EXT-X-ENDLIST) has one, and starts over
      // from its beginning at each run: there is nothing to judge, it has no start here
      const m = /^\s*Duration: N\/A, start: (-?\d+(?:\.\d+)?)/.exec(line);
      if (m) start = Number(m[1]);
    }
    const t = /^out_time_us=(-?\d+)$/.exec(line.trim());
    if (!t) return null;
    return { start, position: start === null ? null : start + Number(t[1]) / 1_000_000 };
  };
}

/**
 * A run of an HLS relay is on air only once it relays more than this past the furthest point
 * of the source an earlier run reached: less is the last segments of a playlist that stopped
 * advancing, read once more (an earlier run may have got a second further than its last
 * progress block said).
 */
export const REPLAY_SLACK_SECONDS = 2;
/**
 * A run that starts this far before that point did not start on the playlist's last segments
 * (three behind its end): the source's timestamps went back (its encoder restarted), so what
 * it reads is new.
 */
export const SOURCE_RESET_SECONDS = 60;

/**
 * Whether the runs of one HLS relay are on air, across its runs. A run started again on a
 * playlist that stopped advancing replays its last segments: output, but not the source back.
 * `run()` makes the judge of a new run; it is fed each output line with whether that line
 * showed the output grow, and answers true once a progress block grew and the run is past
 * what was relayed (or the source's timestamps went back: a run starting before the previous
 * run's start, or well before what was relayed). Without a start time named by ffmpeg (a
 * recording), output is all there is to go by.
 */
export function createReplayGate(): { run(): (line: string, grew: boolean) => boolean } {
  /** The furthest point of the source's timeline (seconds) a run put on air. */
  let relayedUntil: number | null = null;
  /** Where in the source's timeline the latest run started. */
  let lastStart: number | null = null;
  return {
    run() {
      const where = relaySourcePosition();
      const startedBefore = lastStart;
      let fresh = false;
      let grown = false;
      return (line, grew) => {
        grown ||= grew;
        // judged once a progress block, at its output time (which follows its size)
        const at = where(line);
        if (!at) return false;
        const { start, position } = at;
        if (start !== null) lastStart = start;
        fresh ||= start === null || position === null || relayedUntil === null || position > relayedUntil + REPLAY_SLACK_SECONDS
          || start < relayedUntil - SOURCE_RESET_SECONDS || (startedBefore !== null && start < startedBefore - REPLAY_SLACK_SECONDS);
        const counted = grown && fresh;
        if (counted && position !== null) relayedUntil = position;
        grown = false;
        return counted;
      };
    },
  };
}

/** ffprobe of a source: its streams' types and codecs as JSON, within the same protocol limits as the relay. */
export function relayProbeArgs(source: string, ioTimeoutSeconds = 5): string[] {
  return [
    '-v', 'error', ...sourceOptions(source, ioTimeoutSeconds),
    '-show_entries', 'stream=codec_type,codec_name', '-of', 'json', '--', source,
  ];
}

export interface RelayProbe {
  /** The first picture's codec, or null when the source has none. */
  video: string | null;
  audio: string | null;
}

/** The probe's answer, or null when it names no stream at all (nothing on air there). */
export function readRelayProbe(json: string): RelayProbe | null {
  let streams: { codec_type?: unknown; codec_name?: unknown }[];
  try {
    const v = JSON.parse(json) as { streams?: unknown };
    streams = Array.isArray(v.streams) ? (v.streams as typeof streams) : [];
  } catch {
    return null;
  }
  const first = (type: string) => {
    const s = streams.find((x) => x.codec_type === type);
    return s ? String(s.codec_name ?? 'desconhecido') : null;
  };
  const video = first('video');
  const audio = first('audio');
  return video === null && audio === null ? null : { video, audio };
}

/** The codec a run could not put into FLV, from its last error lines; null when the run ended for another reason. */
export function unsupportedCodec(tail: readonly string[]): string | null {
  for (const line of tail) {
    const m = /Video codec (\S+) not compatible with flv/i.exec(line);
    if (m) return m[1]!;
  }
  return null;
}
