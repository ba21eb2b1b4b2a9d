import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commercialSavedSchema, type CommercialBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { commercialsQueryKey } from './get-commercials.ts';

/** POST /api/comerciais (a new config) or PUT /api/comerciais/{id} (the one being edited). */
export async function saveCommercial({ id, body }: { id: number | null; body: CommercialBody }): Promise<string> {
  const path = id === null ? '/api/comerciais' : `/api/comerciais/${id}`;
  return (await apiRequest(path, { method: id === null ? 'POST' : 'PUT', body, schema: commercialSavedSchema })).message;
}

export function useSaveCommercial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['comerciais', 'save'],
    mutationFn: saveCommercial,
    onSettled: () => queryClient.invalidateQueries({ queryKey: commercialsQueryKey }),
  });
}
