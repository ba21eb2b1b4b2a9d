import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { CommercialBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { commercialsQueryKey } from './get-commercials.ts';

const responseSchema = z.object({ message: z.string().catch('') });

/** POST /api/comerciais (a new config) or PUT /api/comerciais/{id} (the one being edited). */
export async function saveCommercial({ id, body }: { id: number | null; body: CommercialBody }): Promise<string> {
  const data = await apiRequest(id === null ? '/api/comerciais' : `/api/comerciais/${id}`, { method: id === null ? 'POST' : 'PUT', body });
  return responseSchema.parse(data ?? {}).message;
}

export function useSaveCommercial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['comerciais', 'save'],
    mutationFn: saveCommercial,
    onSettled: () => queryClient.invalidateQueries({ queryKey: commercialsQueryKey }),
  });
}
