import { apiRequest } from '@/lib/api-client.ts';
import { useAction } from '@/lib/use-action.ts';

/** POST /api/auth/forgot-password: password recovery is refused (403 with the reason). */
export async function forgotPassword(): Promise<void> {
  await apiRequest('/api/auth/forgot-password', { method: 'POST', body: {}, auth: false, logoutOn401: false });
}

export function useForgotPassword() {
  return useAction(forgotPassword);
}
