import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savePlayerSettingsResponseSchema, type PlayerSettingsBody, type SavePlayerSettingsResponse } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { playerSettingsQueryKey } from './get-player-settings.ts';
import { playerUrlQueryKey } from './get-player-url.ts';

export const savePlayerSettingsMutationKey = ['player-settings', 'save'] as const;

/** PUT /api/player-settings */
export async function savePlayerSettings(body: PlayerSettingsBody): Promise<SavePlayerSettingsResponse> {
  return apiRequest('/api/player-settings', { method: 'PUT', body, schema: savePlayerSettingsResponseSchema });
}

export function useSavePlayerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: savePlayerSettingsMutationKey,
    mutationFn: savePlayerSettings,
    onSuccess: (r) => {
      queryClient.setQueryData(playerSettingsQueryKey, r.settings);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: playerSettingsQueryKey }),
        queryClient.invalidateQueries({ queryKey: playerUrlQueryKey }),
      ]),
  });
}
