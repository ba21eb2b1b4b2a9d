import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useAutoRefresh } from '@/lib/auto-refresh.ts';

export const healthQueryKey = ['health'] as const;

const state = z.enum(['ok', 'down', 'unknown']).catch('unknown');
const healthSchema = z.object({
  ok: z.boolean().catch(false),
  components: z.record(z.string(), state).catch({}),
});
export type ComponentState = z.infer<typeof state>;
export interface Health {
  /** false when the API did not answer at all */
  reachable: boolean;
  components: Record<string, ComponentState>;
}

/**
 * GET /api/health. Read with plain fetch: the API answers 503 with the same body when a
 * component is down, and that body is exactly what the status block shows.
 */
export async function getHealth(): Promise<Health> {
  try {
    const res = await fetch('/api/health', { headers: { Accept: 'application/json' } });
    const parsed = healthSchema.safeParse(await res.json());
    return { reachable: true, components: parsed.success ? parsed.data.components : {} };
  } catch {
    return { reachable: false, components: {} };
  }
}

export function useHealth() {
  const { dashboardMs } = useAutoRefresh();
  return useQuery({
    queryKey: healthQueryKey,
    queryFn: getHealth,
    refetchInterval: dashboardMs,
  });
}
