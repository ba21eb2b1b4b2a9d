import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, User } from '@painel/contract';
import { textsNow } from '@/i18n/runtime.ts';
import { startCatalogue } from '@/i18n/start.ts';
import { apiRequest, parseContract, serverErrorText } from '@/lib/api-client.ts';
import { loadAuthSchemas, meQueryKey } from '@/lib/auth.ts';
import { setToken } from '@/lib/token.ts';

export const loginMutationKey = ['auth', 'login'] as const;

/** POST /api/auth/login. A 2xx answer without success, token and a valid user is refused. */
export async function login(body: LoginBody): Promise<{ token: string; user: User }> {
  const [{ loginResponse }, data] = await Promise.all([
    loadAuthSchemas(),
    apiRequest('/api/auth/login', { method: 'POST', body, auth: false, logoutOn401: false }),
  ]);
  const parsed = parseContract('/api/auth/login', loginResponse, data, serverErrorText(data) ?? textsNow(startCatalogue).invalidServerResponse);
  return { token: parsed.token, user: parsed.user };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: loginMutationKey,
    mutationFn: login,
    onSuccess: ({ token, user }) => {
      setToken(token);
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}
