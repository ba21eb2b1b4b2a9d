import { LIVE_APPLICATION, streamNameOf } from '@painel/contract';
import { classifyExit, restreamArgs } from '@painel/media/restream';
import { outputProgress } from '../engine/output-progress.ts';
import type { Config } from '../../platform/config.ts';
import type { Sealer } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboundGuard } from '../../platform/outbound-guard.ts';
import type { ChildFactory } from '../engine/engine.ts';
import type { LivesRepo } from './lives.repo.ts';
import { destinationOf, maskKey } from './destination.ts';

/**
 * Where the worker reads the channel the user chose as the source, on this node: its HLS from
 * the API (the HTTP/M3U8 option) or its RTMP from nginx, both at the node's local address (loopback,
 * or the address it is bound to), never through the public address. The choice is read from the
 * kind of address chosen, not the address itself: an account moved to another server keeps its
 * lives, whose stored source names the server it was on.
 */
export function sourceOf(chosen: string, login: string, config: Config, apiUrl: string): string {
  const stream = streamNameOf(login);
  return /^https?:\/\/[^?#]*\.m3u8(?:[?#]|$)/i.test(chosen)
    ? `${apiUrl}/hls/${stream}.m3u8`
    : `rtmp://${config.media.rtmpLocalHost}:${config.rtmpPort}/${LIVE_APPLICATION}/${stream}`;
}

/** Refusals in a row before a live ends in error: one may be the platform's hiccup, two are the key. */
const REFUSALS_BEFORE_ERROR = 2;

/**
 * The worker's restream child of a live: the account's own channel, read from this node's
 * nginx on loopback, pushed unchanged to the platform. The destination passes the outbound
 * guard again before every start: a name may resolve elsewhere than when it was registered.
 */
export function restreamChild(deps: {
  db: Db; repo: LivesRepo; sealer: Sealer; guard: OutboundGuard; config: Config;
  /** The API on loopback, which serves the channel's HLS. */
  apiUrl: string;
  ioTimeoutSeconds?: number;
}): ChildFactory {
  const { db, repo, sealer, guard, config } = deps;
  return async (row) => {
    const live = await repo.byProcess(db, row.id);
    if (!live) throw new AppError('not_found');
    // the API refuses a live that would pass the plan's simultaneous lives at any instant of its
    // window; this holds the line for rows made before that limit existed or a plan made smaller
    // since: such a live ends in error with the reason instead of starting one ffmpeg too many
    const places = await repo.placesTaken(db, row.user_id, row.id, new Date().toISOString());
    if (places.taken >= places.max) throw new AppError('live_limit_running', { max: places.max });
    const key = sealer.open(live.chave);
    const destination = destinationOf(live.servidor_rtmp, key);
    await guard.check(destination, ['rtmp', 'rtmps']);
    const masked = maskKey(key);
    const redact = (t: string) => t.split(key).join(masked);
    let refusals = 0;
    return {
      command: config.media.ffmpegBin,
      args: restreamArgs({
        source: sourceOf(live.servidor_stm, live.usuario, config, deps.apiUrl),
        destination,
        ...(deps.ioTimeoutSeconds ? { ioTimeoutSeconds: deps.ioTimeoutSeconds } : {}),
      }),
      redact,
      progress: outputProgress,
      permanent: (tail, sentMedia) => {
        if (classifyExit(tail, redact(destination), sentMedia) !== 'refused') {
          refusals = 0;
          return null;
        }
        refusals += 1;
        return refusals >= REFUSALS_BEFORE_ERROR ? new AppError('live_refused') : null;
      },
    };
  };
}
