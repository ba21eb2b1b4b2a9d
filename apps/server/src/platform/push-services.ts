import net from 'node:net';

/**
 * Where a visitor's Web Push subscription may point. The endpoint is whatever URL the visitor's
 * browser (or anyone posting to the public subscribe route) hands over, and every notification
 * of the channel is then POSTed to it; the outbound guard alone would still let any public
 * host be stored and contacted, so only the browsers' push services are accepted:
 *
 * - fcm.googleapis.com: Chrome and the browsers built on it that use Firebase Cloud Messaging
 *   (Opera, Samsung Internet, Brave, Vivaldi…); Chromium's endpoints are /fcm/send/ and /wp/.
 * - updates.push.services.mozilla.com: Firefox (Mozilla's autopush); push.services.mozilla.com
 *   is the same service's other name.
 * - *.push.apple.com: Safari on macOS, iOS and iPadOS; endpoints are on web.push.apple.com and
 *   Apple documents the whole *.push.apple.com for servers that send web pushes.
 * - *.notify.windows.com: Edge on Windows, through the Windows Push Notification Services
 *   (wns2-….notify.windows.com).
 *
 * The push services' staging hosts (jmt17.google.com, *.mozaws.net) and Google's retired GCM
 * address (android.googleapis.com, keyed by a server key, never VAPID) are left out.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** How many subscriptions one address may hold in a channel, and a channel in all. */
export const PUSH_SUBSCRIPTION_LIMITS = { perAddress: 5, perChannel: 10_000 } as const;

/**
 * One accepted host. Without a port: https on its default port only. With a port (an entry
 * `host:port`, as tests and an operator's own push service need): that port, and the scheme
 * the outbound guard allows there (plain http only towards an OUTBOUND_ALLOW peer).
 */
export interface PushHostRule {
  /** Lower case; an IPv6 address without brackets. */
  host: string;
  /** `*.host`: any name under host (not host itself). */
  subdomains: boolean;
  port: number | null;
}

export interface WebPushConfig {
  /** PUSH_SERVICE_HOSTS, or DEFAULT_PUSH_SERVICE_HOSTS. */
  hosts: PushHostRule[];
  /** PUSH_MAX_PER_ADDRESS: subscriptions one address (IPv6: its /64) holds per channel; a new one replaces its oldest. */
  maxPerAddress: number;
  /** PUSH_MAX_PER_CHANNEL: subscriptions a channel holds; past it new ones are refused. */
  maxPerChannel: number;
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);

function parseEntry(entry: string): PushHostRule | null {
  const m = /^(\*\.)?(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry.toLowerCase());
  if (!m) return null;
  const subdomains = !!m[1];
  const host = m[2]!.replace(/^\[|\]$/g, '');
  const port = m[3] === undefined ? null : Number(m[3]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  if (net.isIP(host) === 4) return subdomains ? null : { host, subdomains, port };
  // written as the URL parser writes it, so `[0:0::1]` matches an endpoint on [::1]
  if (net.isIP(host) === 6) return subdomains ? null : { host: new URL(`http://[${host}]`).hostname.slice(1, -1), subdomains, port };
  if (host.length > 253 || !HOST_NAME.test(host)) return null;
  // `*.com` would let in any name under a top-level domain
  if (subdomains && !host.includes('.')) return null;
  return { host, subdomains, port };
}

/**
 * PUSH_SERVICE_HOSTS: a comma-separated list that replaces the default one; `default` inside
 * it stands for DEFAULT_PUSH_SERVICE_HOSTS (`default,push.exemplo.com.br` extends them). An
 * entry is `host`, `*.domain` or either with `:port`. Entries that do not parse are left out:
 * a list that ends up empty accepts no endpoint at all, never every one. Unset or empty: the
 * default list.
 */
export function parsePushServiceHosts(raw: string | undefined): PushHostRule[] {
  const entries = (raw ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  const out: PushHostRule[] = [];
  for (const entry of entries.length ? entries : ['default']) {
    for (const e of entry.toLowerCase() === 'default' ? DEFAULT_PUSH_SERVICE_HOSTS : [entry]) {
      const rule = parseEntry(e);
      if (rule) out.push(rule);
    }
  }
  return out;
}

const atLeastOne = (v: string | undefined, d: number): number => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n >= 1 ? n : d;
};

export function loadWebPushConfig(env: NodeJS.ProcessEnv): WebPushConfig {
  return {
    hosts: parsePushServiceHosts(env.PUSH_SERVICE_HOSTS),
    maxPerAddress: atLeastOne(env.PUSH_MAX_PER_ADDRESS, PUSH_SUBSCRIPTION_LIMITS.perAddress),
    maxPerChannel: atLeastOne(env.PUSH_MAX_PER_CHANNEL, PUSH_SUBSCRIPTION_LIMITS.perChannel),
  };
}

/** Whether an endpoint is on one of the accepted push services (the outbound guard checks where it resolves apart). */
export function isPushServiceEndpoint(endpoint: string, rules: readonly PushHostRule[]): boolean {
  let u: URL;
  try {
    u = new URL(endpoint.trim());
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return false;
  if (u.username || u.password) return false;
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80;
  return rules.some((r) =>
    (r.subdomains ? host.endsWith(`.${r.host}`) : host === r.host)
    && (r.port === null ? u.protocol === 'https:' && port === 443 : port === r.port));
}
