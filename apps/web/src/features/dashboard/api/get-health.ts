import { useQuery } from '@tanstack/react-query';
import { healthResponseSchema, type ComponentState } from '@painel/contract';
import { parseContract } from '@/lib/api-client.ts';
import { useAutoRefresh } from '@/lib/auto-refresh.ts';

export const healthQueryKey = ['health'] as const;

export type { ComponentState };
export interface Health {
  /** false when the API did not answer at all */
  reachable: boolean;
  components: Record<string, ComponentState>;
}

/**
 * GET /api/health. Read with plain fetch: the API answers 503 with the same body when a
 * component is down, and that body is exactly what the status block shows. An API that does
 * not answer is unreachable; one whose answer is not the contract's is an error of the query.
 */
export async function getHealth(): Promise<Health> {
  let body: unknown;
  try {
    body = await (await fetch('/api/health', { headers: { Accept: 'application/json' } })).json();
  } catch {
    return { reachable: false, components: {} };
  }
  return { reachable: true, components: parseContract('/api/health', healthResponseSchema, body).components };
}

export function useHealth() {
  const { dashboardMs } = useAutoRefresh();
  return useQuery({
    queryKey: healthQueryKey,
    queryFn: getHealth,
    refetchInterval: dashboardMs,
  });
}
