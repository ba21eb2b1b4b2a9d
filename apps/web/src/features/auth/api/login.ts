import type { LoginBody, User } from '@painel/contract';
import { textsNow } from '@/i18n/runtime.ts';
import { startCatalogue } from '@/i18n/start.ts';
import { apiRequest, parseContract, serverErrorText } from '@/lib/api-client.ts';
import { loadAuthSchemas, signedInAs } from '@/lib/session.ts';
import { setToken } from '@/lib/token.ts';
import { useAction } from '@/lib/use-action.ts';

/** POST /api/auth/login. A 2xx answer without success, token and a valid user is refused. */
export async function login(body: LoginBody): Promise<{ token: string; user: User }> {
  const [{ loginResponse }, data] = await Promise.all([
    loadAuthSchemas(),
    apiRequest('/api/auth/login', { method: 'POST', body, auth: false, logoutOn401: false }),
  ]);
  const parsed = parseContract('/api/auth/login', loginResponse, data, serverErrorText(data) ?? textsNow(startCatalogue).invalidServerResponse);
  return { token: parsed.token, user: parsed.user };
}

const signIn = ({ token, user }: { token: string; user: User }) => {
  setToken(token);
  signedInAs(user);
};

/** The login screen's call (drawn without the query library: lib/session.ts). */
export function useLogin() {
  return useAction(login, signIn);
}
