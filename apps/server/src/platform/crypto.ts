import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Reversible encryption for secrets the panel must show again (the FTP password). */
export function createSealer(key: Buffer) {
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), body.toString('base64')].join('.');
    },
    open(sealed: string): string {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('formato de segredo desconhecido');
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      d.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([d.update(Buffer.from(body, 'base64')), d.final()]).toString('utf8');
    },
  };
}
export type Sealer = ReturnType<typeof createSealer>;

/**
 * Constant-time equality of two secrets of any length or alphabet: their SHA-256 digests are
 * compared, so a wrong length or a multi-byte character is simply "different", never a throw.
 */
export function sameSecret(a: string | Buffer, b: string | Buffer): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/**
 * Short-lived grants in an address (`exp` in seconds and an HMAC of what they grant), for
 * places where no header can be sent: a <video> element, a new tab, another site's player.
 * Each use has its own key, so a grant of one kind never opens another.
 */
export function createGrants(key: Buffer, ttlSeconds: number, now: () => number = Date.now) {
  const mac = (subject: string, exp: number) => createHmac('sha256', key).update(`${subject}\n${exp}`).digest('base64url');
  return {
    ttlSeconds,
    issue(subject: string): { exp: number; sig: string } {
      const exp = Math.floor(now() / 1000) + ttlSeconds;
      return { exp, sig: mac(subject, exp) };
    },
    verify(subject: string, exp: string | number | undefined, sig: string | undefined): boolean {
      const e = Number(exp);
      if (!Number.isInteger(e) || e < now() / 1000 || !sig) return false;
      return sameSecret(mac(subject, e), sig);
    },
  };
}
export type Grants = ReturnType<typeof createGrants>;
