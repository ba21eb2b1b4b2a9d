import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { msg, type User } from '@painel/contract';
import { AppError } from './errors.ts';
import type { AccountRow } from '../modules/accounts/accounts.repo.ts';

const ALG = 'HS256';

export interface Auth {
  account: AccountRow;
  user: User;
  /** The id every query of this request is scoped by. */
  userId: number;
  /** This login's session (logout ends it alone), and when its token expires (epoch seconds). */
  session: { sid: string | null; exp: number };
}

export function createTokens(key: Uint8Array, ttlSeconds: number) {
  return {
    sign: (account: Pick<AccountRow, 'id' | 'token_version'>): Promise<string> =>
      new SignJWT({ ver: account.token_version, sid: randomBytes(16).toString('base64url') })
        .setProtectedHeader({ alg: ALG })
        .setSubject(String(account.id))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    /** Returns the account id and token version, or throws a 401 (flagged expired when it is). */
    async verify(token: string): Promise<{ id: number; ver: number; sid: string | null; exp: number }> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG] });
        const id = Number(payload.sub);
        const ver = payload.ver;
        if (!Number.isInteger(id) || typeof ver !== 'number' || typeof payload.exp !== 'number') throw new AppError(401, msg.invalidToken);
        return { id, ver, sid: typeof payload.sid === 'string' ? payload.sid : null, exp: payload.exp };
      } catch (e) {
        if (e instanceof joseErrors.JWTExpired) throw new AppError(401, msg.sessionExpired, { expired: true });
        if (e instanceof AppError) throw e;
        throw new AppError(401, msg.invalidToken);
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;

export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim() || undefined;
  return undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth;
  }
}
