import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { meQueryKey } from '@/lib/auth.ts';
import { clearToken } from '@/lib/token.ts';

export const logoutMutationKey = ['auth', 'logout'] as const;

/** POST /api/auth/logout: the server revokes the token. */
export async function logout(): Promise<void> {
  await apiRequest('/api/auth/logout', { method: 'POST', logoutOn401: false, schema: successResponseSchema });
}

/**
 * Ends the session whatever the server answers (an already revoked token is still a logout):
 * `onLoggedOut` runs first (navigation, toast), then the token and cached data are dropped.
 */
export function useLogout({ onLoggedOut }: { onLoggedOut: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: logoutMutationKey,
    mutationFn: logout,
    onError: (error) => console.error(error),
    onSettled: () => {
      clearToken();
      onLoggedOut();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
