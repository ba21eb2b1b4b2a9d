import { useQuery } from '@tanstack/react-query';
import { androidAppsSchema, type AndroidApp } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { appsPollMs } from '../utils/android-view.ts';

export const androidAppsQueryKey = ['android-app', 'list'] as const;

/** GET /api/app-android: the account's built (and building) apps, newest first. */
export async function getAndroidApps(): Promise<AndroidApp[]> {
  return (await apiRequest('/api/app-android', { schema: androidAppsSchema })).apps;
}

/** The list; reloaded every 3 s while an app is being built, never otherwise. */
export function useAndroidApps() {
  return useQuery({
    queryKey: androidAppsQueryKey,
    queryFn: getAndroidApps,
    refetchInterval: (query) => appsPollMs(query.state.data),
  });
}
