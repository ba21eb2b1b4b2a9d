import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

export const forgotPasswordMutationKey = ['auth', 'forgot-password'] as const;

/** POST /api/auth/forgot-password: password recovery is refused (403 with the reason). */
export async function forgotPassword(): Promise<void> {
  await apiRequest('/api/auth/forgot-password', { method: 'POST', body: {}, auth: false, logoutOn401: false });
}

export function useForgotPassword() {
  return useMutation({ mutationKey: forgotPasswordMutationKey, mutationFn: forgotPassword });
}
