import { useQuery } from '@tanstack/react-query';
import { androidConfigResponseSchema, type AndroidConfig } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const androidConfigQueryKey = ['android-app', 'config'] as const;

/** GET /api/app-android/config: the saved configuration, or null before the first app. */
export async function getAndroidConfig(): Promise<AndroidConfig | null> {
  return (await apiRequest('/api/app-android/config', { schema: androidConfigResponseSchema })).config;
}

export function useAndroidConfig() {
  return useQuery({ queryKey: androidConfigQueryKey, queryFn: getAndroidConfig });
}
