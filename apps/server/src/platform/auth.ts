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
}

export function createTokens(key: Uint8Array, ttlSeconds: number) {
  return {
    sign: (account: Pick<AccountRow, 'id' | 'token_version'>): Promise<string> =>
      new SignJWT({ ver: account.token_version })
        .setProtectedHeader({ alg: ALG })
        .setSubject(String(account.id))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    /** Returns the account id and token version, or throws a 401 (flagged expired when it is). */
    async verify(token: string): Promise<{ id: number; ver: number }> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG] });
        const id = Number(payload.sub);
        const ver = payload.ver;
        if (!Number.isInteger(id) || typeof ver !== 'number') throw new AppError(401, msg.invalidToken);
        return { id, ver };
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
