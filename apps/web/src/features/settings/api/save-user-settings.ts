import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveUserSettingsResponseSchema, type UserSettingsBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { normalizeSettings, userSettingsQueryKey, type LoadedSettings } from '@/lib/user-settings.ts';

export const saveUserSettingsMutationKey = ['user-settings', 'save'] as const;

/** POST /api/user-settings: the settings as saved. */
export async function saveUserSettings(body: UserSettingsBody): Promise<LoadedSettings> {
  return normalizeSettings((await apiRequest('/api/user-settings', { method: 'POST', body, schema: saveUserSettingsResponseSchema })).settings);
}

export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveUserSettingsMutationKey,
    mutationFn: saveUserSettings,
    onSuccess: (settings) => queryClient.setQueryData(userSettingsQueryKey, settings),
  });
}
