import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { PlayerType } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const playerUrlQueryKey = ['player-port', 'url'] as const;

const responseSchema = z.object({
  player_url: z.string().min(1),
  embed_code: z.string().catch(''),
});
export type PlayerUrl = z.infer<typeof responseSchema>;

export interface PlayerUrlOptions {
  player: PlayerType;
  contador: boolean;
  compartilhamento: boolean;
}

/** GET /api/player-port/url: the channel's iframe address and embed code for these options. */
export async function getPlayerUrl(o: PlayerUrlOptions): Promise<PlayerUrl> {
  const q = new URLSearchParams({ player: o.player, contador: String(o.contador), compartilhamento: String(o.compartilhamento) });
  return responseSchema.parse(await apiRequest(`/api/player-port/url?${q}`));
}

export function usePlayerUrl(o: PlayerUrlOptions | null) {
  return useQuery({
    queryKey: [...playerUrlQueryKey, o],
    queryFn: () => getPlayerUrl(o!),
    enabled: o !== null,
    placeholderData: keepPreviousData,
  });
}
