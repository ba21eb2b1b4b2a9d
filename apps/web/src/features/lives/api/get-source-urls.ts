import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

const schema = z.object({ source_urls: z.object({ http_m3u8: z.string(), rtmp: z.string() }) });
export type SourceUrls = z.infer<typeof schema>['source_urls'];

/** GET /api/streaming/source-urls: the addresses of the account's own channel, the sources a live can push. */
export async function getSourceUrls(): Promise<SourceUrls> {
  return schema.parse(await apiRequest('/api/streaming/source-urls')).source_urls;
}

export function useSourceUrls() {
  return useQuery({ queryKey: ['streaming', 'source-urls'], queryFn: getSourceUrls, staleTime: Infinity });
}
