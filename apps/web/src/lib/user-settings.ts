import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  DEFAULT_MENU, DEFAULT_SETTINGS, LANGUAGES, REFRESH_INTERVAL, TIMEZONES, mergeMenu,
  type MenuItem, type UserSettings,
} from '@painel/contract';
import { apiRequest } from './api-client.ts';

export const userSettingsQueryKey = ['user-settings'] as const;

export interface LoadedSettings extends Omit<UserSettings, 'id_user'> {
  id_user?: number;
}

// Lenient on purpose: a field the server leaves out or garbles keeps its default, and
// the menu keeps only known entries (mergeMenu takes labels, paths and icons from the catalogue).
const storedMenuItem = z.object({
  id: z.string(),
  visible: z.boolean().catch(true),
  order: z.number().catch(0),
});

const settingsResponse = z.object({
  menu_items: z.array(z.unknown()).catch([]),
  sidebar_collapsed: z.boolean().catch(DEFAULT_SETTINGS.sidebar_collapsed),
  notifications_enabled: z.boolean().catch(DEFAULT_SETTINGS.notifications_enabled),
  auto_refresh: z.boolean().catch(DEFAULT_SETTINGS.auto_refresh),
  refresh_interval: z.number().int().min(REFRESH_INTERVAL.min).max(REFRESH_INTERVAL.max).catch(DEFAULT_SETTINGS.refresh_interval),
  language: z.enum(LANGUAGES).catch(DEFAULT_SETTINGS.language),
  timezone: z.enum(TIMEZONES).catch(DEFAULT_SETTINGS.timezone),
  id_user: z.number().optional().catch(undefined),
});

export function defaultMenu(): MenuItem[] {
  return DEFAULT_MENU.map((item) => ({ ...item }));
}

/** The settings as the page uses them; no stored menu means the default menu. */
export function normalizeSettings(raw: unknown): LoadedSettings {
  const parsed = settingsResponse.parse(typeof raw === 'object' && raw !== null ? raw : {});
  const stored = parsed.menu_items.flatMap((item) => {
    const r = storedMenuItem.safeParse(item);
    return r.success ? [r.data] : [];
  });
  return { ...parsed, menu_items: stored.length > 0 ? mergeMenu(stored) : defaultMenu() };
}

/** GET /api/user-settings */
export async function getUserSettings(): Promise<LoadedSettings> {
  return normalizeSettings(await apiRequest('/api/user-settings'));
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
