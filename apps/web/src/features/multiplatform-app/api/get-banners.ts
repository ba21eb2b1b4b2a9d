import { useQuery } from '@tanstack/react-query';
import { webAppBannersSchema, type WebAppBanner } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { webappQueryKey } from './get-webapp.ts';

export const bannersQueryKey = [...webappQueryKey, 'banners'] as const;

/** GET /api/app-multiplataforma/banners. */
export async function getBanners(): Promise<WebAppBanner[]> {
  return (await apiRequest('/api/app-multiplataforma/banners', { schema: webAppBannersSchema })).banners;
}

export function useBanners() {
  return useQuery({ queryKey: bannersQueryKey, queryFn: getBanners });
}
