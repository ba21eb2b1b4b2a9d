import { useQuery } from '@tanstack/react-query';
import type { User } from '@painel/contract';
import { startCatalogue } from '../i18n/start.ts';
import { textsNow } from '../i18n/store.ts';
import { ApiError, apiRequest, parseContract } from './api-client.ts';
import { getToken } from './token.ts';
import { loadAuthSchemas, meQueryKey } from './session.ts';

/*
 * The session: GET /api/auth/me validates the stored token on load. It lives in lib
 * (not in a feature) because the shell and every feature read the signed-in user.
 */
export { loadAuthSchemas, meQueryKey };

/** The signed-in user, or null without a valid token (a 401 has already removed it). */
export async function getMe(): Promise<User | null> {
  if (!getToken()) return null;
  try {
    const [{ meResponse }, data] = await Promise.all([loadAuthSchemas(), apiRequest('/api/auth/me')]);
    return parseContract('/api/auth/me', meResponse, data, textsNow(startCatalogue).invalidServerResponse).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useUser() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: getMe,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    // without a token there is nothing to validate: unauthenticated at once, no flash
    initialData: () => (getToken() ? undefined : null),
  });
}

/** effective_user_id when the server sent it, else the account's id. */
export function effectiveId(u: User): number {
  return u.effective_user_id ?? u.id;
}
