import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export const registerMutationKey = ['auth', 'register'] as const;

/** POST /api/auth/register: self-registration is refused (403 with the reason). */
export async function register(): Promise<void> {
  await apiRequest('/api/auth/register', { method: 'POST', body: {}, auth: false, logoutOn401: false });
}

export function useRegister() {
  return useMutation({ mutationKey: registerMutationKey, mutationFn: register });
}
