import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { DEFAULT_PLAYER_SETTINGS, PLAYER_TYPES, WATERMARK_OPACITY, WATERMARK_POSITIONS, type PlayerSettings } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const playerSettingsQueryKey = ['player-settings'] as const;

const d = DEFAULT_PLAYER_SETTINGS;
export const playerSettingsSchema = z.object({
  player_type: z.enum(PLAYER_TYPES).catch(d.player_type),
  watermark: z
    .object({
      enabled: z.boolean().catch(d.watermark.enabled),
      logo_id: z.number().nullable().catch(null),
      logo_url: z.string().nullable().catch(null),
      position: z.enum(WATERMARK_POSITIONS).catch(d.watermark.position),
      opacity: z.number().min(WATERMARK_OPACITY.min).max(WATERMARK_OPACITY.max).catch(d.watermark.opacity),
    })
    .catch(d.watermark),
});

/** GET /api/player-settings: the player type and watermark every embed of the channel uses. */
export async function getPlayerSettings(): Promise<PlayerSettings> {
  return playerSettingsSchema.parse((await apiRequest('/api/player-settings')) ?? {});
}

export function usePlayerSettings() {
  return useQuery({ queryKey: playerSettingsQueryKey, queryFn: getPlayerSettings });
}
