import { createReplayGate, relayArgs, unsupportedCodec } from '@painel/media/relay';
import type { Config } from '../../platform/config.ts';
import type { Sealer } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboundGuard } from '../../platform/outbound-guard.ts';
import { proxiedEnv, startOutboundProxy } from '../../platform/outbound-proxy.ts';
import type { ChildFactory } from '../engine/engine.ts';
import { outputProgress } from '../engine/output-progress.ts';
import { channelPublishUrl, hidePublishTokens } from '../channel/sources.ts';
import type { RelayRepo } from './relay.repo.ts';
import { relaySource } from './relay-source.ts';

/**
 * A source silent this long (every run since ended without a byte of media) ends the relay
 * in error: retrying every few seconds for days would only hide that it is gone.
 */
export const RELAY_GIVE_UP_MINUTES = 60;

/** The source in log lines: scheme and host only, as its path or query may carry a key. */
function masked(source: string): string {
  const u = new URL(source);
  return `${u.protocol}//${u.host}/…`;
}

/** Every web address in a line (an HLS source's segments and variants) as scheme and host only. */
const maskUrls = (t: string) => t.replace(/\b(https?):\/\/([^\s'"/?#]+)[^\s'"]*/gi, '$1://$2/…');

/**
 * The worker's child of a relay: ffmpeg pulls the source and publishes it into the account's
 * own stream on this node's nginx, with a token that tells the on_publish callback it is this
 * relay. The source passes the form check and the outbound guard again each time the row is
 * taken up, as a name may resolve elsewhere than when it was registered. A dropped source is
 * retried by the supervisor's back-off (the source may well come back); a picture FLV cannot
 * carry, or a source silent for an hour, ends the row in error. A source that keeps its
 * connection and sends nothing is a dropped one too: an RTMP source's run makes no progress
 * and the engine restarts it; an HLS playlist that stops advancing ends the run (ffmpeg's
 * reload limit), and the runs after it are not on air while they only replay its last segments.
 */
export function relayChild(deps: {
  db: Db; repo: RelayRepo; sealer: Sealer; guard: OutboundGuard; config: Config;
  ioTimeoutSeconds?: number;
}): ChildFactory {
  const { db, repo, sealer, guard, config } = deps;
  return async (row) => {
    const relay = await repo.byProcess(db, row.id);
    if (!relay) throw new AppError('not_found');
    const source = await relaySource(guard, config.outboundAllow, sealer.open(relay.url), relay.tipo);
    const destination = channelPublishUrl(config, relay.usuario, 'relay', row.id);
    const hidden = masked(source);
    const hls = relay.tipo === 'm3u8';
    let lastMedia = Date.now();
    // runs that only replay the last segments of a playlist that stopped advancing are not on air
    const gate = createReplayGate();
    // every host ffmpeg opens for this relay (redirects, variants, segments, keys) passes the guard
    const proxy = await startOutboundProxy(guard);
    return {
      command: config.media.ffmpegBin,
      env: proxiedEnv(proxy),
      dispose: () => void proxy.close(),
      args: relayArgs({ source, destination, localHost: config.media.rtmpLocalHost, ...(deps.ioTimeoutSeconds ? { ioTimeoutSeconds: deps.ioTimeoutSeconds } : {}) }),
      redact: (t) => hidePublishTokens(maskUrls(t.split(source).join(hidden))),
      progress: () => {
        const grew = outputProgress();
        if (!hls) return grew;
        const judge = gate.run();
        return (line) => judge(line, grew(line));
      },
      permanent: (tail, sentMedia) => {
        // the source led ffmpeg to an address the guard refuses: retrying would only knock again
        const refused = proxy.refusals()[0];
        if (refused) return refused;
        const codec = unsupportedCodec(tail);
        if (codec) return new AppError('relay_video_codec', { codec });
        if (sentMedia) lastMedia = Date.now();
        return Date.now() - lastMedia > RELAY_GIVE_UP_MINUTES * 60_000 ? new AppError('relay_gave_up', { minutes: RELAY_GIVE_UP_MINUTES }) : null;
      },
    };
  };
}
