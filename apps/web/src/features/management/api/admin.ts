import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ResellerPoolBody, apiKeysResponseSchema, createdApiKeyResponseSchema, createdResellerResponseSchema, managedAccountResponseSchema,
  resellerResponseSchema, resellersResponseSchema, revokedApiKeyResponseSchema, successResponseSchema,
} from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const resellersQueryKey = ['management', 'revendas'] as const;
export const apiKeysQueryKey = ['management', 'api-keys'] as const;

/** What the 'Nova revenda' form sends: an empty password asks the panel to generate one. */
export interface NewResellerInput extends ResellerPoolBody {
  email: string;
  usuario: string;
  nome: string;
  senha: string;
  /** The operator's pick of server; absent: automatic. */
  codigo_servidor?: number;
}

/** GET /api/admin/revendas: every reseller with its pool and use, and the installation's totals. */
export function useResellers() {
  return useQuery({
    queryKey: resellersQueryKey,
    queryFn: () => apiRequest('/api/admin/revendas', { schema: resellersResponseSchema }),
    // live channels, viewers and storage change on their own
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
  });
}

/** GET /api/admin/api-keys. */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeysQueryKey, queryFn: () => apiRequest('/api/admin/api-keys', { schema: apiKeysResponseSchema }) });
}

/** Every change re-reads the management lists (resellers, accounts, keys), whatever the answer was. */
function useAdminMutation<I, O>(key: string, fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['management', 'admin', key],
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['management'] }),
  });
}

/** POST /api/admin/revendas: 201 with the reseller, and `senha` when the panel generated it. */
export const useCreateReseller = () =>
  useAdminMutation('create', (body: NewResellerInput) =>
    apiRequest('/api/admin/revendas', { method: 'POST', body, schema: createdResellerResponseSchema }));

/** PUT /api/admin/revendas/:id/pool: never below what its streamings hold (409 pool_below_use). */
export const useUpdatePool = () =>
  useAdminMutation('pool', ({ id, pool }: { id: number; pool: ResellerPoolBody }) =>
    apiRequest(`/api/admin/revendas/${id}/pool`, { method: 'PUT', body: pool, schema: resellerResponseSchema }));

/** Suspend or reactivate a reseller (and its streamings with it), through the management routes. */
export const useSetResellerSuspended = () =>
  useAdminMutation('suspend', ({ id, suspended }: { id: number; suspended: boolean }) =>
    apiRequest(`/api/revenda/streamings/${id}/${suspended ? 'suspender' : 'reativar'}`, { method: 'POST', schema: managedAccountResponseSchema }));

/** Delete a reseller: only without streamings (else 409 reseller_has_streamings). */
export const useDeleteReseller = () =>
  useAdminMutation('delete', (id: number) =>
    apiRequest(`/api/revenda/streamings/${id}`, { method: 'DELETE', schema: successResponseSchema }));

/** POST /api/admin/api-keys: the whole key (`secret`) is answered this once. */
export const useCreateApiKey = () =>
  useAdminMutation('api-key', (body: { name: string; revenda?: string }) =>
    apiRequest('/api/admin/api-keys', { method: 'POST', body, schema: createdApiKeyResponseSchema }));

/** DELETE /api/admin/api-keys/:id: revoked at once. */
export const useRevokeApiKey = () =>
  useAdminMutation('revoke', (id: number) =>
    apiRequest(`/api/admin/api-keys/${id}`, { method: 'DELETE', schema: revokedApiKeyResponseSchema }));
