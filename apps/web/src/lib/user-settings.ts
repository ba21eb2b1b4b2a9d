import { useQuery } from '@tanstack/react-query';
import { DEFAULT_MENU, mergeMenu, saveUserSettingsResponseSchema, userSettingsSchema, type MenuItem, type UserSettings, type UserSettingsBody } from '@painel/contract';
import { apiRequest } from './api-client.ts';

export const userSettingsQueryKey = ['user-settings'] as const;

export interface LoadedSettings extends Omit<UserSettings, 'id_user'> {
  id_user?: number;
}

export function defaultMenu(): MenuItem[] {
  return DEFAULT_MENU.map((item) => ({ ...item }));
}

/** The settings as the page uses them: labels, paths and icons of the menu always come from the catalogue (mergeMenu). */
export function normalizeSettings(settings: UserSettings): LoadedSettings {
  return { ...settings, menu_items: settings.menu_items.length > 0 ? mergeMenu(settings.menu_items) : defaultMenu() };
}

/** GET /api/user-settings */
export async function getUserSettings(): Promise<LoadedSettings> {
  return normalizeSettings(await apiRequest('/api/user-settings', { schema: userSettingsSchema }));
}

/** POST /api/user-settings: the settings as saved. */
export async function saveUserSettings(body: UserSettingsBody): Promise<LoadedSettings> {
  return normalizeSettings((await apiRequest('/api/user-settings', { method: 'POST', body, schema: saveUserSettingsResponseSchema })).settings);
}

/**
 * Read once per page load (the shell reads its menu from it at start-up); a save
 * writes its answer into this cache.
 */
export function useUserSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: userSettingsQueryKey,
    queryFn: getUserSettings,
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
