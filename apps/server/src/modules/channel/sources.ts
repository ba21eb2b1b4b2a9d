import { createHmac } from 'node:crypto';
import { LIVE_APPLICATION, streamNameOf } from '@painel/contract';
import type { Config } from '../../platform/config.ts';
import { secret } from '../../platform/secrets.ts';

/**
 * The kinds of engine process that publish into the account's own channel, one at a time, and
 * give way to OBS. 'reserva' is the standby slate of an OBS broadcast (modules/fallback).
 */
export const CHANNEL_KINDS = ['playout', 'relay', 'reserva'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/**
 * What a channel source (a playout, a relay) adds to its publish, so nginx's on_publish
 * callback knows it from an encoder: tied to one process row, signed with the callback's
 * secret. The callback checks that the row is of the kind the parameter names (`playout=`, `relay=` or
 * `reserva=`).
 */
export function publishToken(dataDir: string, processId: number): string {
  const mac = createHmac('sha256', secret(dataDir, 'rtmp-hook.key')).update(`publish:${processId}`).digest('hex').slice(0, 32);
  return `${processId}.${mac}`;
}

const PUBLISH_TOKEN = new RegExp(`\\b(${CHANNEL_KINDS.join('|')})=[^&\\s]+`, 'g');

/** A log line with every channel source's publish token hidden (`playout=***`, `relay=***`, `reserva=***`). */
export function hidePublishTokens(text: string): string {
  return text.replace(PUBLISH_TOKEN, '$1=***');
}

/** The process row a token names, or null when it is not one this installation signed. */
export function verifyPublishToken(dataDir: string, token: string | undefined): number | null {
  const id = Number((token ?? '').split('.')[0]);
  return Number.isInteger(id) && id > 0 && token === publishToken(dataDir, id) ? id : null;
}

/** Where a channel source publishes: this node's nginx (its local address), the account's stream, its token. */
export function channelPublishUrl(config: Pick<Config, 'rtmpPort' | 'dataDir' | 'media'>, login: string, kind: ChannelKind, processId: number): string {
  return `rtmp://${config.media.rtmpLocalHost}:${config.rtmpPort}/${LIVE_APPLICATION}/${streamNameOf(login)}?${kind}=${publishToken(config.dataDir, processId)}`;
}
