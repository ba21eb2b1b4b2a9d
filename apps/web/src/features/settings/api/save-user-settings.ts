import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { UserSettingsBody } from '@painel/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { normalizeSettings, userSettingsQueryKey, type LoadedSettings } from '@/lib/user-settings.ts';

export const saveUserSettingsMutationKey = ['user-settings', 'save'] as const;

const saveResponse = z.object({ settings: z.unknown() });

/** POST /api/user-settings; success is an ok HTTP status. */
export async function saveUserSettings(body: UserSettingsBody): Promise<LoadedSettings> {
  const data = await apiRequest('/api/user-settings', { method: 'POST', body });
  const parsed = saveResponse.safeParse(data);
  return normalizeSettings(parsed.success && parsed.data.settings ? parsed.data.settings : body);
}

export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveUserSettingsMutationKey,
    mutationFn: saveUserSettings,
    onSuccess: (settings) => queryClient.setQueryData(userSettingsQueryKey, settings),
  });
}
