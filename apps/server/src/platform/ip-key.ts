import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key under which per-address limits count a client: the IPv4 address itself (also when
 * it arrives IPv4-mapped, `::ffff:1.2.3.4`), and for IPv6 the /64 prefix — one customer line
 * gets a whole /64, so counting single IPv6 addresses would let one client be millions.
 */
export function ipKey(ip: string | undefined): string {
  const raw = (ip ?? '').trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(raw);
  if (mapped) return mapped[1]!;
  const addr = raw.split('%')[0]!; // a zone (fe80::1%eth0) is not part of the address
  if (isIPv4(addr) || !isIPv6(addr)) return addr;
  let full = addr;
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(full); // ::1.2.3.4 and friends: the last 32 bits in dotted form
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    full = `${full.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = full.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** 127.0.0.0/8 and ::1, also IPv4-mapped. */
export function isLoopback(ip: string | undefined): boolean {
  const a = (ip ?? '').replace(/^::ffff:/i, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a) || a === '::1';
}

/**
 * Fastify's trustProxy without TRUST_PROXY: only a peer on loopback (the media node's nginx,
 * which passes the playlists asked of the HLS port on and writes X-Forwarded-For itself) is
 * believed about the client's address, and only one hop of it. Anyone else's X-Forwarded-*
 * is ignored, so nobody outside can forge an address.
 */
export const trustLoopbackProxy = (address: string, hop: number): boolean => hop === 0 && isLoopback(address);
