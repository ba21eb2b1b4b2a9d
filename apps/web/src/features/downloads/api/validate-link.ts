import { useQuery } from '@tanstack/react-query';
import { validateLinkResponseSchema, type ValidateLinkResponse } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export type LinkVerdict = ValidateLinkResponse;

// only an inline picture is shown: the page loads no image from other sites
const inlineOnly = (t: string) => (t.startsWith('data:image/') ? t : '');

/** POST /api/downloadyoutube/validate: whether the link can be downloaded, and what the site says of the video. */
export async function validateLink(url: string, signal?: AbortSignal): Promise<LinkVerdict> {
  const r = await apiRequest('/api/downloadyoutube/validate', { method: 'POST', body: { url }, schema: validateLinkResponseSchema, ...(signal ? { signal } : {}) });
  return r.video_info ? { ...r, video_info: { ...r.video_info, thumbnail: inlineOnly(r.video_info.thumbnail) } } : r;
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
