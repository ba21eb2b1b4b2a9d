import { isSuspended } from '@painel/contract';
import argon2 from 'argon2';
import type { User } from '@painel/contract';
import { AppError } from '../../platform/errors.ts';
import type { Auth, Tokens } from '../../platform/auth.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { Db } from '../../platform/db.ts';
import type { AccountRow } from '../accounts/accounts.repo.ts';
import { createAuthRepo } from './auth.repo.ts';

export function createAuthService(deps: { db: Db; accounts: AccountsService; tokens: Tokens; throttle: LoginThrottle }) {
  const { db, accounts, tokens, throttle } = deps;
  // verifying against a real hash keeps an unknown login as slow as a wrong password
  const dummyHash = argon2.hash('senha-inexistente', { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const repo = createAuthRepo();
  // every authenticated request reads its account and whether its session was ended, in one query
  const sessionOf = repo.sessionQuery(db);

  return {
    async login(ident: string, password: string, ip: string): Promise<{ token: string; user: User }> {
      const row = await accounts.byLogin(ident);
      // the e-mail and the usuario of one account share one budget
      const accountKey = row ? String(row.id) : `?${ident.trim().toLowerCase()}`;
      const attempt = await throttle.attempt(ip, accountKey);
      if (attempt.blocked) throw new AppError('too_many_attempts');
      const ok = await argon2.verify(row?.password_hash ?? (await dummyHash), password).catch(() => false);
      if (!row || !ok) throw new AppError('wrong_credentials');
      if (isSuspended(row.suspension)) throw new AppError('account_disabled');
      await throttle.succeed(ip, accountKey, attempt.ids);
      return { token: await tokens.sign(row), user: await accounts.toUser(row) };
    },

    /** Resolves a bearer token to the acting account, refusing revoked and disabled ones. */
    async authenticate(token: string | undefined): Promise<Auth> {
      if (!token) throw new AppError('not_authenticated');
      const { id, ver, sid, exp, imp } = await tokens.verify(token);
      const row = (await sessionOf(id, sid ?? ''))[0];
      if (!row) throw new AppError('invalid_token');
      const { session_revoked: revoked, ...account } = row satisfies AccountRow & { session_revoked: unknown };
      if (isSuspended(account.suspension) || account.token_version !== ver || Number(revoked)) throw new AppError('invalid_token');
      const user = await accounts.toUser(account);
      const auth: Auth = { account, user, userId: user.effective_user_id ?? user.id, session: { sid, exp } };
      if (imp !== undefined) {
        // an entered panel lasts only while whoever entered still may: active, and still its reseller or the operator
        const by = await accounts.byId(imp);
        const allowed = by && !isSuspended(by.suspension) && (by.tipo === 'admin' || (by.tipo === 'revenda' && account.revenda_id === by.id));
        if (!allowed) throw new AppError('invalid_token');
        auth.impersonator = { id: by.id, usuario: by.usuario, nome: by.nome };
        auth.user = { ...user, acessado_por: { usuario: by.usuario, nome: by.nome } };
      }
      return auth;
    },

    /**
     * A session of `row` opened by a reseller or the operator ('Acessar painel'): short-lived,
     * marked with who opened it, and ended as soon as that one may no longer (authenticate).
     */
    async openFor(row: AccountRow, by: number, ttlSeconds: number): Promise<string> {
      return tokens.sign(row, { by, ttlSeconds });
    },

    /** Ends this session only; a token from before sessions had ids can only be ended with all the others. */
    async logout(auth: Auth): Promise<void> {
      const { sid, exp } = auth.session;
      if (!sid) {
        await accounts.revokeSessions(auth.account.id);
        return;
      }
      await db.transaction().execute((tx) => repo.revoke(tx, sid, exp, Math.floor(Date.now() / 1000)));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
