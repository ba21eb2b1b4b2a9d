import dns from 'node:dns/promises';
import net from 'node:net';
import { AppError } from './errors.ts';

/**
 * The one gate every address the panel connects to on a customer's behalf passes (restream
 * destinations, relays, downloads, FTP migration): the scheme must be one the caller allows,
 * and every address the host name resolves to must be on the public internet. Loopback,
 * private, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and
 * reserved ranges are refused, also when written as `0x7f.1`, `2130706433`, `[::ffff:127.0.0.1]`
 * or hidden behind a DNS name. A test or an operator that needs a private peer names it in
 * OUTBOUND_ALLOW as `host:port`.
 */
export interface OutboundGuard {
  /** The URL, parsed, when it may be used; an AppError(400) with a Portuguese reason otherwise. */
  check(raw: string, schemes: readonly OutboundScheme[]): Promise<URL>;
  /**
   * The same check, with the addresses it approved: a caller that connects by itself (the
   * relay's proxy) connects to one of these, never to a second lookup that could answer otherwise.
   */
  resolve(raw: string, schemes: readonly OutboundScheme[]): Promise<{ url: URL; addresses: string[] }>;
}

export type OutboundScheme = 'rtmp' | 'rtmps' | 'http' | 'https' | 'ftp' | 'ftps';

const DEFAULT_PORTS: Record<OutboundScheme, number> = { rtmp: 1935, rtmps: 443, http: 80, https: 443, ftp: 21, ftps: 21 };

type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Everything that is not the public internet. */
const blocked = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
  // translation ranges whose IPv4 a gateway on the path would reach: IPv4-translated (SIIT,
  // ::ffff:0:a.b.c.d), local-use NAT64 (the IPv4 may sit anywhere in it), Teredo (an obfuscated
  // IPv4 inside), and the ORCHID/benchmarking blocks that are never public
  ['::ffff:0:0:0', 96], ['64:ff9b:1::', 48], ['2001::', 32], ['2001:2::', 48], ['2001:10::', 28], ['2001:20::', 28],
] as const) blocked.addSubnet(net6, bits, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(v6: string): string | undefined {
  const words = expandIpv6(v6);
  if (!words) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zero = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zero(0, 5) && (words[5] === 0xffff || words[5] === 0)) return v4(words[6]!, words[7]!); // ::ffff:a.b.c.d, ::a.b.c.d
  if (words[0] === 0x64 && words[1] === 0xff9b && zero(2, 6)) return v4(words[6]!, words[7]!); // 64:ff9b::/96
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!); // 6to4
  return undefined;
}

function expandIpv6(a: string): number[] | undefined {
  let s = a.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const p = dotted[1]!.split('.').map(Number);
    s = s.slice(0, -dotted[1]!.length) + `${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`;
  }
  const [head, tail] = s.split('::');
  const part = (x: string | undefined) => (x ? x.split(':').map((w) => Number.parseInt(w, 16)) : []);
  const h = part(head);
  const t = part(tail);
  const words = s.includes('::') ? [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t] : h;
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : undefined;
}

/**
 * The classic inet_aton forms the C resolver (and so ffmpeg) accepts for IPv4: `127.1`,
 * `0x7f.1`, `0177.0.0.1`, `2130706433`. Returned dotted, or undefined when the name is not one.
 */
export function parseLooseIpv4(host: string): string | undefined {
  const parts = host.split('.');
  if (parts.length < 1 || parts.length > 4) return undefined;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : Number.parseInt(p.slice(2), 16);
    else if (/^0[0-7]*$/.test(p)) n = Number.parseInt(p, 8);
    else if (/^[1-9][0-9]*$/.test(p)) n = Number.parseInt(p, 10);
    else return undefined;
    nums.push(n);
  }
  const last = nums.pop()!;
  if (nums.some((n) => n > 255) || last >= 2 ** (8 * (4 - nums.length))) return undefined;
  let value = last;
  nums.forEach((n, i) => (value += n * 2 ** (8 * (3 - i))));
  return [24, 16, 8, 0].map((s) => Math.floor(value / 2 ** s) % 256).join('.');
}

/** True when the address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== undefined && !isPublicAddress(v4)) return false;
    return !blocked.check(address.replace(/%.*$/, ''), 'ipv6');
  }
  return false;
}

/** `host:port` entries, host lower-case, IPv6 without brackets. */
export function parseAllowList(raw: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const entry of (raw ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(entry);
    if (m) out.add(`${m[1]!.toLowerCase()}:${Number(m[2])}`);
  }
  return out;
}

export function createOutboundGuard(opts: { allow?: ReadonlySet<string>; lookup?: Lookup } = {}): OutboundGuard {
  const allow = opts.allow ?? new Set<string>();
  const lookup = opts.lookup ?? systemLookup;
  async function resolve(raw: string, schemes: readonly OutboundScheme[]): Promise<{ url: URL; addresses: string[] }> {
      let url: URL;
      try {
        url = new URL(raw.trim());
      } catch {
        throw new AppError('outbound_invalid_url', { schemes });
      }
      const scheme = url.protocol.replace(/:$/, '').toLowerCase() as OutboundScheme;
      if (!schemes.includes(scheme)) throw new AppError('outbound_invalid_url', { schemes });
      // user:password@ in an address would be sent to whatever host follows the @; keys go in the path
      if (url.username || url.password) throw new AppError('outbound_invalid_url', { schemes });
      const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
      if (!host || /[\s/\\]/.test(host)) throw new AppError('outbound_invalid_url', { schemes });
      const port = url.port ? Number(url.port) : DEFAULT_PORTS[scheme];
      const literal = net.isIP(host) ? host : parseLooseIpv4(host);
      const addresses = literal ? [literal] : await lookup(host).catch(() => []);
      // an operator-allowed peer (a test's loopback server) may be private
      if (allow.has(`${host}:${port}`)) return { url, addresses };
      if (addresses.length === 0) throw new AppError('outbound_unresolvable', { host });
      // every address: the resolver may hand ffmpeg any of them
      if (!addresses.every(isPublicAddress)) throw new AppError('outbound_private', { host });
      return { url, addresses };
  }
  return {
    check: async (raw, schemes) => (await resolve(raw, schemes)).url,
    resolve,
  };
}
