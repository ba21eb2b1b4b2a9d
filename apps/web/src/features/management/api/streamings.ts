import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type StreamingPlanBody, createdStreamingResponseSchema, managedAccountResponseSchema, panelAccessResponseSchema, passwordResetResponseSchema, successResponseSchema } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { streamingsQueryKey } from '@/lib/managed-accounts.ts';

export { streamingsQueryKey, useStreamings } from '@/lib/managed-accounts.ts';

/** What the 'Nova streaming' form sends: an empty password asks the panel to generate one. */
export interface NewStreamingInput extends StreamingPlanBody {
  email: string;
  usuario: string;
  nome: string;
  senha: string;
  /** The operator's pick of server; absent: automatic. */
  codigo_servidor?: number;
}

/** Every change re-reads the list and the pool, whatever the answer was (a refusal may mean the list is stale). */
function useManagementMutation<I, O>(key: string, fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['management', key],
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: streamingsQueryKey }),
  });
}

/** POST /api/revenda/streamings: 201 with the account, and `senha` when the panel generated it. */
export const useCreateStreaming = () =>
  useManagementMutation('create', (body: NewStreamingInput) =>
    apiRequest('/api/revenda/streamings', { method: 'POST', body, schema: createdStreamingResponseSchema }));

/** PUT /api/revenda/streamings/:id/plano. */
export const useUpdatePlan = () =>
  useManagementMutation('plan', ({ id, plan }: { id: number; plan: StreamingPlanBody }) =>
    apiRequest(`/api/revenda/streamings/${id}/plano`, { method: 'PUT', body: plan, schema: managedAccountResponseSchema }));

/** POST /api/revenda/streamings/:id/suspender or /reativar. */
export const useSetSuspended = () =>
  useManagementMutation('suspend', ({ id, suspended }: { id: number; suspended: boolean }) =>
    apiRequest(`/api/revenda/streamings/${id}/${suspended ? 'suspender' : 'reativar'}`, { method: 'POST', schema: managedAccountResponseSchema }));

/** POST /api/revenda/streamings/:id/senha: an empty password asks for a generated one, answered this once. */
export const useResetPassword = () =>
  useManagementMutation('password', ({ id, senha }: { id: number; senha: string }) =>
    apiRequest(`/api/revenda/streamings/${id}/senha`, { method: 'POST', body: { senha }, schema: passwordResetResponseSchema }));

/** DELETE /api/revenda/streamings/:id: the account and everything it holds. */
/** POST /api/revenda/streamings/{id}/acessar: a short session of the streaming ('Acessar painel'). */
export const enterPanelOf = (id: number) =>
  apiRequest(`/api/revenda/streamings/${id}/acessar`, { method: 'POST', schema: panelAccessResponseSchema });

export const useDeleteStreaming = () =>
  useManagementMutation('delete', (id: number) =>
    apiRequest(`/api/revenda/streamings/${id}`, { method: 'DELETE', schema: successResponseSchema }));
