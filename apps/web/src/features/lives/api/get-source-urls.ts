import { useQuery } from '@tanstack/react-query';
import { sourceUrlsResponseSchema, type SourceUrlsResponse } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export type SourceUrls = SourceUrlsResponse['source_urls'];

/** GET /api/streaming/source-urls: the addresses of the account's own channel, the sources a live can push. */
export async function getSourceUrls(): Promise<SourceUrls> {
  return (await apiRequest('/api/streaming/source-urls', { schema: sourceUrlsResponseSchema })).source_urls;
}

export function useSourceUrls() {
  return useQuery({ queryKey: ['streaming', 'source-urls'], queryFn: getSourceUrls, staleTime: Infinity });
}
