import { useQuery } from '@tanstack/react-query';
import { conversionVideosSchema, type ConversionVideo } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const conversionVideosKey = (folderId: number) => ['conversion', 'videos', folderId] as const;

export type ConversionVideoItem = ConversionVideo;

/** GET /api/conversion/videos?folder_id=: the folder's videos, each with its latest conversion. */
export async function getConversionVideos(folderId: number): Promise<ConversionVideoItem[]> {
  return (await apiRequest(`/api/conversion/videos?folder_id=${folderId}`, { schema: conversionVideosSchema })).videos;
}

export function useConversionVideos(folderId: number | null) {
  return useQuery({
    queryKey: conversionVideosKey(folderId ?? 0),
    queryFn: () => getConversionVideos(folderId ?? 0),
    enabled: folderId !== null,
  });
}
