import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { VideoInfo } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const videoInfoSchema = z.object({
  title: z.string().catch(''),
  uploader: z.string().nullable().catch(null),
  duration: z.number().nullable().catch(null),
  view_count: z.number().nullable().catch(null),
  filesize: z.number().nullable().catch(null),
  id: z.string().catch(''),
  // only an inline picture is shown: the page loads no image from other sites
  thumbnail: z.string().catch('').transform((t) => (t.startsWith('data:image/') ? t : '')),
}) satisfies z.ZodType<VideoInfo>;

const schema = z.object({
  valid: z.boolean().catch(false),
  message: z.string().catch(''),
  video_info: videoInfoSchema.nullable().catch(null),
});
export type LinkVerdict = z.infer<typeof schema>;

/** POST /api/downloadyoutube/validate: whether the link can be downloaded, and what the site says of the video. */
export async function validateLink(url: string, signal?: AbortSignal): Promise<LinkVerdict> {
  return schema.parse(await apiRequest('/api/downloadyoutube/validate', { method: 'POST', body: { url }, ...(signal ? { signal } : {}) }));
}

/** The verdict on a link once the typing stopped ('' asks nothing); a link is checked once per visit. */
export function useLinkVerdict(url: string) {
  return useQuery({
    queryKey: ['downloadyoutube', 'validate', url],
    queryFn: ({ signal }) => validateLink(url, signal),
    enabled: url !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });
}
