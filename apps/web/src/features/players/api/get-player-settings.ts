import { useQuery } from '@tanstack/react-query';
import { playerSettingsResponseSchema, type PlayerSettings } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';

export const playerSettingsQueryKey = ['player-settings'] as const;

/** GET /api/player-settings: the player type and watermark every embed of the channel uses. */
export async function getPlayerSettings(): Promise<PlayerSettings> {
  const { success: _, ...settings } = await apiRequest('/api/player-settings', { schema: playerSettingsResponseSchema });
  return settings;
}

export function usePlayerSettings() {
  return useQuery({ queryKey: playerSettingsQueryKey, queryFn: getPlayerSettings });
}
