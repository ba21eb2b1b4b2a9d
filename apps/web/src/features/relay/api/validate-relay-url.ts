import { useQuery } from '@tanstack/react-query';
import { relayValidateResponseSchema, type RelayType, type RelayValidateResponse } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const relayValidateQueryKey = (url: string, type: RelayType | null) => ['relay', 'validate', url, type] as const;

/** POST /api/relay/validate-url: whether the source answers and can be relayed, with the reason when not. */
export async function validateRelayUrl(url: string, type: RelayType | null): Promise<RelayValidateResponse> {
  const body = { url, ...(type ? { relay_type: type } : {}) };
  return apiRequest('/api/relay/validate-url', { method: 'POST', body, schema: relayValidateResponseSchema });
}

export const relayValidateQuery = (url: string, type: RelayType | null) => ({
  queryKey: relayValidateQueryKey(url, type),
  queryFn: () => validateRelayUrl(url, type),
  // a source goes on and off the air: a verdict is reused briefly, not for the whole visit
  staleTime: 15_000,
  gcTime: 60_000,
  retry: false,
});

/** The verdict on the address once it stopped changing (`url` is the debounced value; '' asks nothing). */
export function useRelayValidation(url: string, type: RelayType | null) {
  return useQuery({ ...relayValidateQuery(url, type), enabled: url.trim() !== '', refetchOnWindowFocus: false });
}
