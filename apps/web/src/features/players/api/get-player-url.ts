import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { playerUrlResponseSchema, type PlayerType, type PlayerUrlResponse } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const playerUrlQueryKey = ['player-port', 'url'] as const;

export type PlayerUrl = PlayerUrlResponse;

export interface PlayerUrlOptions {
  player: PlayerType;
  contador: boolean;
  compartilhamento: boolean;
}

/** GET /api/player-port/url: the channel's iframe address and embed code for these options. */
export async function getPlayerUrl(o: PlayerUrlOptions): Promise<PlayerUrl> {
  const q = new URLSearchParams({ player: o.player, contador: String(o.contador), compartilhamento: String(o.compartilhamento) });
  return apiRequest(`/api/player-port/url?${q}`, { schema: playerUrlResponseSchema });
}

export function usePlayerUrl(o: PlayerUrlOptions | null) {
  return useQuery({
    queryKey: [...playerUrlQueryKey, o],
    queryFn: () => getPlayerUrl(o!),
    enabled: o !== null,
    placeholderData: keepPreviousData,
  });
}
