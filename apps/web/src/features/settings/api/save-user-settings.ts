import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveUserSettings, userSettingsQueryKey } from '@/lib/user-settings.ts';

export const saveUserSettingsMutationKey = ['user-settings', 'save'] as const;

export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveUserSettingsMutationKey,
    mutationFn: saveUserSettings,
    onSuccess: (settings) => queryClient.setQueryData(userSettingsQueryKey, settings),
  });
}
