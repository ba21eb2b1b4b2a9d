import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentRecordingSchema, recordingConfigSchema, recordingsResponseSchema, type RecordingConfig } from '@painel/contract';
import { apiRequest } from './api-client.ts';
import { streamingStatusQueryKey } from './streaming-status.ts';

/**
 * Recordings of broadcasts ('Gravar transmissões'): the account's setting (Configurações), and
 * the recordings being made or just made (the dashboard's and the videos page's 'Gravando').
 */
export const recordingsQueryKey = ['gravacoes'] as const;
export const recordingConfigQueryKey = ['gravacoes', 'config'] as const;
/** While one records, the list follows it; otherwise it is read now and then. */
const ACTIVE_REFRESH_MS = 5000;
const IDLE_REFRESH_MS = 30_000;

export function useRecordings() {
  return useQuery({
    queryKey: recordingsQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/gravacoes', { schema: recordingsResponseSchema, signal }),
    refetchInterval: (q) => (q.state.data?.gravando ? ACTIVE_REFRESH_MS : IDLE_REFRESH_MS),
  });
}

export function useRecordingConfig() {
  return useQuery({
    queryKey: recordingConfigQueryKey,
    queryFn: ({ signal }) => apiRequest('/api/gravacoes/config', { schema: recordingConfigSchema, signal }),
  });
}

export function useSaveRecordingConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ativo: boolean): Promise<RecordingConfig> =>
      apiRequest('/api/gravacoes/config', { method: 'PUT', body: { ativo }, schema: recordingConfigSchema }),
    onSuccess: (saved) => queryClient.setQueryData(recordingConfigQueryKey, saved),
  });
}

/** PUT /api/gravacoes/atual: records (or stops recording) the OBS broadcast on air; the status and the list follow. */
export function useRecordCurrent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ativo: boolean) => apiRequest('/api/gravacoes/atual', { method: 'PUT', body: { ativo }, schema: currentRecordingSchema }),
    onSettled: () => Promise.all([streamingStatusQueryKey, recordingsQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
