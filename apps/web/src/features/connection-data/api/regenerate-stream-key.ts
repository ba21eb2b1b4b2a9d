import { useMutation, useQueryClient } from '@tanstack/react-query';
import { regenerateKeyResponseSchema, type RegenerateKeyResponse } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { streamingStatusQueryKey } from '@/lib/streaming-status.ts';
import { connectionDataQueryKey, type ConnectionData } from './get-connection-data.ts';

export const regenerateStreamKeyMutationKey = ['dados-conexao', 'regenerar-chave'] as const;

export type RegenerateResult = RegenerateKeyResponse;

/** POST /api/dados-conexao/regenerar-chave: a new secret; a broadcast using the old key is dropped. */
export async function regenerateStreamKey(): Promise<RegenerateResult> {
  return apiRequest('/api/dados-conexao/regenerar-chave', { method: 'POST', schema: regenerateKeyResponseSchema });
}

export function useRegenerateStreamKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: regenerateStreamKeyMutationKey,
    mutationFn: regenerateStreamKey,
    onSuccess: (result) => {
      const rtmp = result.rtmp;
      queryClient.setQueryData<ConnectionData>(connectionDataQueryKey, (old) => (old ? { ...old, rtmp } : old));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: connectionDataQueryKey }),
        queryClient.invalidateQueries({ queryKey: streamingStatusQueryKey }),
      ]),
  });
}
