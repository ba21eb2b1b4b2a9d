import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { User } from '@painel/contract';
import { AppError } from './errors.ts';

const ALG = 'HS256';

/**
 * The signed-in account as a request carries it. The platform reads only these fields; the
 * accounts module widens it to its whole row (declaration merging), so modules read the rest.
 */
export interface AuthAccount {
  id: number;
  token_version: number;
}

export interface Auth {
  account: AuthAccount;
  user: User;
  /** The id every query of this request is scoped by. */
  userId: number;
  /** This login's session (logout ends it alone), and when its token expires (epoch seconds). */
  session: { sid: string | null; exp: number };
  /** A reseller or the operator who entered this account's panel ('Acessar painel'). */
  impersonator?: { id: number; usuario: string; nome: string };
}

interface Claims { id: number; ver: number; sid: string | null; exp: number; imp?: number }

/** A session opened for someone else: who opened it and for how long (seconds). */
export interface Impersonation { by: number; ttlSeconds: number }

/** How many verified tokens are remembered; the oldest is forgotten first. */
const VERIFIED_CACHE = 10_000;

export function createTokens(key: Uint8Array, ttlSeconds: number, now: () => number = Date.now) {
  // A token's signature and claims never change, so a verified one is remembered until it
  // expires: checking an HMAC through WebCrypto cost more than the rest of a request. Only
  // the signature is cached — whether its session was ended or its account disabled is read
  // from the database on every request (authenticate).
  const verified = new Map<string, Claims>();
  const remember = (token: string, c: Claims): void => {
    if (verified.size >= VERIFIED_CACHE) verified.delete(verified.keys().next().value!);
    verified.set(token, c);
  };
  return {
    sign: (account: Pick<AuthAccount, 'id' | 'token_version'>, impersonation?: Impersonation): Promise<string> =>
      new SignJWT({ ver: account.token_version, sid: randomBytes(16).toString('base64url'), ...(impersonation ? { imp: impersonation.by } : {}) })
        .setProtectedHeader({ alg: ALG })
        .setSubject(String(account.id))
        .setIssuedAt()
        .setExpirationTime(`${impersonation?.ttlSeconds ?? ttlSeconds}s`)
        .sign(key),
    /** Returns the account id and token version, or throws a 401 (flagged expired when it is). */
    async verify(token: string): Promise<Claims> {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > now()) return known;
        verified.delete(token);
        throw new AppError('session_expired', { expired: true });
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG] });
        const id = Number(payload.sub);
        const ver = payload.ver;
        if (!Number.isInteger(id) || typeof ver !== 'number' || typeof payload.exp !== 'number') throw new AppError('invalid_token');
        const claims: Claims = { id, ver, sid: typeof payload.sid === 'string' ? payload.sid : null, exp: payload.exp };
        if (Number.isInteger(payload.imp)) claims.imp = payload.imp as number;
        remember(token, claims);
        return claims;
      } catch (e) {
        if (e instanceof joseErrors.JWTExpired) throw new AppError('session_expired', { expired: true });
        if (e instanceof AppError) throw e;
        throw new AppError('invalid_token');
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
