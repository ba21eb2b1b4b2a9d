import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { commercialSchema, type Commercial } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const commercialsQueryKey = ['comerciais'] as const;

const commercialsSchema = z.array(commercialSchema);

/** GET /api/comerciais: the account's commercial configs, one per playlist. */
export function getCommercials(): Promise<Commercial[]> {
  return apiRequest('/api/comerciais', { schema: commercialsSchema });
}

export function useCommercials() {
  return useQuery({ queryKey: commercialsQueryKey, queryFn: getCommercials });
}
