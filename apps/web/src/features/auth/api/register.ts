import { apiRequest } from '@/lib/api-client.ts';
import { useAction } from '@/lib/use-action.ts';

/** POST /api/auth/register: self-registration is refused (403 with the reason). */
export async function register(): Promise<void> {
  await apiRequest('/api/auth/register', { method: 'POST', body: {}, auth: false, logoutOn401: false });
}

export function useRegister() {
  return useAction(register);
}
