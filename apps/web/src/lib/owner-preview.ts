import { useQuery } from '@tanstack/react-query';
import { OWNER_PREVIEW_TTL_MS, ownerPreviewResponseSchema, type OwnerPreviewResponse } from '@painel/contract';
import { apiRequest } from './api-client.ts';

/**
 * The owner's preview grant (GET /api/player-port/previa). The panel shows the channel in the
 * same public player page viewers embed; the grant in its address (`previa=`) keeps the owner
 * watching their own channel out of the viewer count, the plan's viewer limit and the
 * Espectadores page. It lives in lib (not in a feature) because the players page, the lives
 * page and the playlists' live preview all embed that page.
 */
export const ownerPreviewQueryKey = ['player-port', 'previa'] as const;

export type OwnerPreviewGrant = OwnerPreviewResponse;

/**
 * A grant is renewed an hour before it ends, counted from when it arrived (not from its `exp`,
 * so a computer clock that is off changes nothing). A new grant changes the page's address,
 * which reloads the player: so only then, never on every mount.
 */
const RENEW_AFTER_MS = OWNER_PREVIEW_TTL_MS - 60 * 60_000;

export async function getOwnerPreview(): Promise<OwnerPreviewGrant> {
  return apiRequest('/api/player-port/previa', { schema: ownerPreviewResponseSchema });
}

/**
 * The grant for `login`'s own player page. `pending` while the first one is on its way, so the
 * page is not loaded once as a viewer and again as the preview; a failed request leaves
 * `previa` undefined and the page plays anyway (then counted like any viewer).
 */
export function useOwnerPreview(login: string): { previa: string | undefined; pending: boolean } {
  const q = useQuery({
    queryKey: [...ownerPreviewQueryKey, login],
    queryFn: getOwnerPreview,
    enabled: !!login,
    staleTime: RENEW_AFTER_MS,
    // from the grant's arrival: a page opened on a cached grant renews it on time too
    refetchInterval: (query) => (query.state.data ? Math.max(60_000, query.state.dataUpdatedAt + RENEW_AFTER_MS - Date.now()) : false),
    refetchIntervalInBackground: true,
  });
  return { previa: q.data?.previa, pending: !!login && q.isPending };
}
