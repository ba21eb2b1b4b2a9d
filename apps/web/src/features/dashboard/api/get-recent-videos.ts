import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useAutoRefresh } from '@/lib/auto-refresh.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const recentVideosQueryKey = ['dashboard', 'recent-videos'] as const;

/** Recent videos limit: 5. */
export const RECENT_VIDEOS_LIMIT = 5;

const folderSchema = z.object({ id: z.number(), nome: z.string().catch('') });
const videoSchema = z.object({
  id: z.number(),
  nome: z.string().catch(''),
  url: z.string().catch(''),
  content_token: z.string().catch(''),
  duracao: z.number().nullable().catch(null),
  tamanho: z.number().optional().catch(undefined),
});
export type RecentVideo = z.infer<typeof videoSchema>;
export interface RecentVideos {
  folder: { id: number; nome: string } | null;
  videos: RecentVideo[];
}

const parseList = <T>(schema: z.ZodType<T>, data: unknown): T[] =>
  (Array.isArray(data) ? data : []).flatMap((x) => {
    const r = schema.safeParse(x);
    return r.success ? [r.data] : [];
  });

/** GET /api/folders, then GET /api/videos?folder_id= of the first folder: its first 5 videos. */
export async function getRecentVideos(): Promise<RecentVideos> {
  const folder = parseList(folderSchema, await apiRequest('/api/folders'))[0] ?? null;
  if (!folder) return { folder: null, videos: [] };
  const videos = parseList(videoSchema, await apiRequest(`/api/videos?folder_id=${folder.id}`));
  return { folder, videos: videos.slice(0, RECENT_VIDEOS_LIMIT) };
}

export function useRecentVideos({ enabled }: { enabled: boolean }) {
  const { dashboardMs } = useAutoRefresh();
  return useQuery({
    queryKey: recentVideosQueryKey,
    queryFn: getRecentVideos,
    enabled,
    refetchInterval: dashboardMs,
  });
}
