import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { streamingStatusQueryKey } from '@/lib/streaming-status.ts';
import { connectionDataQueryKey, rtmpSchema, type ConnectionData } from './get-connection-data.ts';

export const regenerateStreamKeyMutationKey = ['dados-conexao', 'regenerar-chave'] as const;

const responseSchema = z.object({ message: z.string().optional().catch(undefined), rtmp: rtmpSchema.optional().catch(undefined) });
export type RegenerateResult = z.infer<typeof responseSchema>;

/** POST /api/dados-conexao/regenerar-chave: a new secret; a broadcast using the old key is dropped. */
export async function regenerateStreamKey(): Promise<RegenerateResult> {
  return responseSchema.parse((await apiRequest('/api/dados-conexao/regenerar-chave', { method: 'POST' })) ?? {});
}

export function useRegenerateStreamKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: regenerateStreamKeyMutationKey,
    mutationFn: regenerateStreamKey,
    onSuccess: (result) => {
      if (result.rtmp) {
        const rtmp = result.rtmp;
        queryClient.setQueryData<ConnectionData>(connectionDataQueryKey, (old) => (old ? { ...old, rtmp } : old));
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: connectionDataQueryKey }),
        queryClient.invalidateQueries({ queryKey: streamingStatusQueryKey }),
      ]),
  });
}
