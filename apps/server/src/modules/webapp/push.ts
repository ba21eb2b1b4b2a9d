import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import webpush from 'web-push';
import type { PushPayload } from '@painel/contract';
import type { OutboundGuard, OutboundScheme } from '../../platform/outbound-guard.ts';
import { isPushServiceEndpoint, type PushHostRule } from '../../platform/push-services.ts';
import { secret } from '../../platform/secrets.ts';

/**
 * Web Push (RFC 8030) from this installation: one VAPID key pair (RFC 8292, P-256) kept in
 * DATA_DIR/secrets and made on first use. Browsers bind a subscription to the public key, so
 * the pair never changes once visitors have subscribed. Each push is encrypted for its
 * subscription (RFC 8291, aes128gcm) and posted through the outbound guard: an endpoint is
 * whatever address a visitor's browser handed over, so it is treated like any other
 * user-given address, and it must be on one of the accepted push services (PUSH_SERVICE_HOSTS)
 * also when it was stored before that list existed or was narrowed.
 */
const KEY_FILE = 'vapid.jwk';
/** How long a push service keeps a push for a browser that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** Pushes in flight at once, and how long one may take. */
export const PUSH_CONCURRENCY = 10;
export const PUSH_TIMEOUT_MS = 10_000;

interface VapidKeys {
  /** base64url: the uncompressed public point (65 bytes) and the private scalar (32 bytes). */
  publicKey: string;
  privateKey: string;
}
const loaded = new Map<string, VapidKeys>();

function vapidKeys(dataDir: string): VapidKeys {
  let keys = loaded.get(dataDir);
  if (!keys) {
    const make = () => Buffer.from(JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })));
    const jwk = JSON.parse(secret(dataDir, KEY_FILE, make).toString('utf8')) as JsonWebKey;
    if (jwk.crv !== 'P-256' || !jwk.x || !jwk.y || !jwk.d) throw new Error(`chave VAPID inválida em ${KEY_FILE}`);
    const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
    keys = { publicKey: point.toString('base64url'), privateKey: jwk.d };
    loaded.set(dataDir, keys);
  }
  return keys;
}

/** The public key browsers subscribe with (applicationServerKey), base64url. */
export const vapidPublicKey = (dataDir: string): string => vapidKeys(dataDir).publicKey;

export interface PushTarget {
  endpoint: string;
  /** base64url, as the browser's PushSubscription gives them. */
  p256dh: string;
  auth: string;
}
/** sent: the push service took it; gone: the subscription no longer exists (404/410); failed: anything else. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * The schemes a push endpoint may use: https, as every browser's push service does; plain
 * http only towards a peer the operator allow-listed (OUTBOUND_ALLOW; tests run a push
 * service on loopback).
 */
export function endpointSchemes(endpoint: string, allow: ReadonlySet<string>): OutboundScheme[] {
  try {
    const u = new URL(endpoint);
    const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    return u.protocol === 'http:' && allow.has(`${host}:${u.port || 80}`) ? ['http'] : ['https'];
  } catch {
    return ['https'];
  }
}

export function createPushSender(deps: {
  dataDir: string;
  guard: OutboundGuard;
  allow: ReadonlySet<string>;
  /** The push services an endpoint may be on (config.webPush.hosts). */
  hosts: readonly PushHostRule[];
  /** Who the push services may contact about these pushes (mailto: or https:). */
  subject: string;
  concurrency?: number;
  timeoutMs?: number;
}) {
  const { guard, allow, hosts, subject } = deps;
  const concurrency = deps.concurrency ?? PUSH_CONCURRENCY;
  const timeoutMs = deps.timeoutMs ?? PUSH_TIMEOUT_MS;

  async function sendOne(target: PushTarget, body: string): Promise<PushOutcome> {
    try {
      if (!isPushServiceEndpoint(target.endpoint, hosts)) return 'failed';
      const url = await guard.check(target.endpoint, endpointSchemes(target.endpoint, allow));
      const keys = vapidKeys(deps.dataDir);
      // the request is built (encrypted and signed) here, and sent below through the checked address
      const details = webpush.generateRequestDetails({ endpoint: url.href, keys: { p256dh: target.p256dh, auth: target.auth } }, body, {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      });
      const headers = Object.fromEntries(
        Object.entries(details.headers).filter(([k]) => k.toLowerCase() !== 'content-length').map(([k, v]) => [k, String(v)]),
      );
      const res = await fetch(url, { method: 'POST', headers, body: new Uint8Array(details.body), redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) return 'gone';
      return res.status >= 200 && res.status < 300 ? 'sent' : 'failed';
    } catch {
      // a refused address, bad keys, a timeout or a dropped connection: this one failed, the others go on
      return 'failed';
    }
  }

  return {
    /** Sends the payload to every target, a few at a time; the outcomes come in the targets' order. */
    async send(targets: readonly PushTarget[], payload: PushPayload): Promise<PushOutcome[]> {
      const body = JSON.stringify(payload);
      const out: PushOutcome[] = new Array<PushOutcome>(targets.length);
      let next = 0;
      const lane = async () => {
        while (next < targets.length) {
          const i = next++;
          out[i] = await sendOne(targets[i]!, body);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, lane));
      return out;
    },
  };
}
export type PushSender = ReturnType<typeof createPushSender>;
