import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { srtConfigSchema, type SrtConfig } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { connectionDataQueryKey } from './get-connection-data.ts';

export const srtQueryKey = ['srt'] as const;

export type { SrtConfig };

/** GET /api/srt: whether SRT ingest is on, the account's port and the SRT address OBS uses. */
export async function getSrt(): Promise<SrtConfig> {
  return apiRequest('/api/srt', { schema: srtConfigSchema });
}

export function useSrt() {
  return useQuery({ queryKey: srtQueryKey, queryFn: getSrt });
}

/** PUT /api/srt {ativo}: turns SRT ingest on (the server starts listening on the account's port) or off. */
export async function setSrt(ativo: boolean): Promise<SrtConfig> {
  return apiRequest('/api/srt', { method: 'PUT', body: { ativo }, schema: srtConfigSchema });
}

export function useSetSrt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['srt', 'set'],
    mutationFn: setSrt,
    onSuccess: (r) => queryClient.setQueryData(srtQueryKey, r),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: srtQueryKey }),
        queryClient.invalidateQueries({ queryKey: connectionDataQueryKey }),
      ]),
  });
}
