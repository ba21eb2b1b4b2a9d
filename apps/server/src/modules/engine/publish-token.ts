import { createHmac } from 'node:crypto';
import { secret } from '../../platform/secrets.ts';

/**
 * What an engine child that publishes into the account's own channel (a playout, a relay) adds
 * to its publish, so nginx's on_publish callback knows it from an encoder: tied to one process
 * row, signed with the callback's secret. The callback checks that the row is of the kind the
 * parameter names (`playout=` or `relay=`).
 */
export function publishToken(dataDir: string, processId: number): string {
  const mac = createHmac('sha256', secret(dataDir, 'rtmp-hook.key')).update(`publish:${processId}`).digest('hex').slice(0, 32);
  return `${processId}.${mac}`;
}

/** The process row a token names, or null when it is not one this installation signed. */
export function verifyPublishToken(dataDir: string, token: string | undefined): number | null {
  const id = Number((token ?? '').split('.')[0]);
  return Number.isInteger(id) && id > 0 && token === publishToken(dataDir, id) ? id : null;
}
