import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { PlayerSettings, PlayerSettingsBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { playerSettingsQueryKey, playerSettingsSchema } from './get-player-settings.ts';
import { playerUrlQueryKey } from './get-player-url.ts';

export const savePlayerSettingsMutationKey = ['player-settings', 'save'] as const;

const responseSchema = z.object({ message: z.string().optional().catch(undefined), settings: playerSettingsSchema.optional().catch(undefined) });

/** PUT /api/player-settings */
export async function savePlayerSettings(body: PlayerSettingsBody): Promise<{ message?: string | undefined; settings?: PlayerSettings | undefined }> {
  return responseSchema.parse((await apiRequest('/api/player-settings', { method: 'PUT', body })) ?? {});
}

export function useSavePlayerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: savePlayerSettingsMutationKey,
    mutationFn: savePlayerSettings,
    onSuccess: (r) => {
      if (r.settings) queryClient.setQueryData(playerSettingsQueryKey, r.settings);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playerSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: playerUrlQueryKey }),
      ]),
  });
}
