import { useQuery } from '@tanstack/react-query';
import { webAppResponseSchema, type WebApp } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { apkPollMs } from '../utils/webapp-view.ts';

export const webappQueryKey = ['app-multiplataforma'] as const;

/** GET /api/app-multiplataforma: the account's app, or null before it is created. */
export async function getWebApp(): Promise<WebApp | null> {
  return (await apiRequest('/api/app-multiplataforma', { schema: webAppResponseSchema })).app;
}

/** Read again every few seconds while the app's APK is being built, so the page sees it end. */
export function useWebApp() {
  return useQuery({
    queryKey: webappQueryKey,
    queryFn: getWebApp,
    refetchInterval: (query) => apkPollMs(query.state.data),
  });
}
