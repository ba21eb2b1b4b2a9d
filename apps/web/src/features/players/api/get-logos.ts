import { useQuery } from '@tanstack/react-query';
import { logosResponseSchema, type Logo } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const logosQueryKey = ['logos'] as const;

export type { Logo };

/** GET /api/logos: the account's watermark logos. */
export async function getLogos(): Promise<Logo[]> {
  return apiRequest('/api/logos', { schema: logosResponseSchema });
}

export function useLogos() {
  return useQuery({ queryKey: logosQueryKey, queryFn: getLogos });
}
