import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { RecentDownload } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const recentDownloadsQueryKey = ['downloadyoutube', 'recent'] as const;

const recentSchema = z.object({
  id: z.number(),
  nome: z.string().catch(''),
  duracao: z.coerce.number().catch(0),
  tamanho_mb: z.coerce.number().catch(0),
  data_download: z.string().catch(''),
  pasta: z.string().catch(''),
  folder_id: z.coerce.number().catch(0),
}) satisfies z.ZodType<RecentDownload>;

/** GET /api/downloadyoutube/recent: the latest downloaded videos still in the library. */
export async function getRecentDownloads(): Promise<RecentDownload[]> {
  const data = (await apiRequest('/api/downloadyoutube/recent')) as { downloads?: unknown } | undefined;
  return (Array.isArray(data?.downloads) ? data.downloads : []).flatMap((d) => {
    const r = recentSchema.safeParse(d);
    return r.success ? [r.data] : [];
  });
}

export function useRecentDownloads() {
  return useQuery({ queryKey: recentDownloadsQueryKey, queryFn: getRecentDownloads });
}
