import { hkdfSync } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '../../platform/errors.ts';
import { secret } from '../../platform/secrets.ts';

/** Who a server-to-server token is for: an account's move from one server to another. */
export interface MoveClaims {
  /** The account moved. */
  account: number;
  /** The server asked (that holds the files) and the server asking (that receives them). */
  source: number;
  target: number;
}

const AUDIENCE = 'painel:servidores';
/** A token lives this long: each request of a copy signs its own. */
const TTL_SECONDS = 60;

/**
 * Tokens between the installation's servers, signed (HS256) with a key derived from the
 * installation's `DATA_DIR/secrets/ftp.key` (made when the first server first opened its
 * database, so a copy of `secrets/` taken at any time carries it; every server has that copy).
 * Nothing else opens the internal routes.
 */
export function createServerTokens(dataDir: string) {
  let key: Uint8Array | undefined;
  const keyOf = () => (key ??= new Uint8Array(hkdfSync('sha256', secret(dataDir, 'ftp.key'), Buffer.alloc(0), 'painel:servidores', 32)));
  return {
    sign: (c: MoveClaims): Promise<string> =>
      new SignJWT({ src: c.source, dst: c.target }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(c.account))
        .setAudience(AUDIENCE).setIssuedAt().setExpirationTime(`${TTL_SECONDS}s`).sign(keyOf()),
    /**
     * The claims of a request's bearer token: 401 `server_token_invalid` without a valid one,
     * 403 `server_token_scope` when it names another account or another source server.
     */
    async verify(authorization: string | undefined, expect: { account: number; source: number }): Promise<MoveClaims> {
      const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
      if (!token) throw new AppError('server_token_invalid');
      let payload;
      try {
        ({ payload } = await jwtVerify(token, keyOf(), { audience: AUDIENCE, algorithms: ['HS256'], maxTokenAge: `${TTL_SECONDS + 5}s` }));
      } catch {
        throw new AppError('server_token_invalid');
      }
      const claims = { account: Number(payload.sub), source: Number(payload.src), target: Number(payload.dst) };
      if (!Number.isSafeInteger(claims.account) || !Number.isSafeInteger(claims.source) || !Number.isSafeInteger(claims.target)) {
        throw new AppError('server_token_invalid');
      }
      if (claims.account !== expect.account || claims.source !== expect.source) throw new AppError('server_token_scope');
      return claims;
    },
  };
}
export type ServerTokens = ReturnType<typeof createServerTokens>;
