import { useEffect } from 'react';
import { DEFAULT_MENU, type MenuItem } from '@painel/contract';
import { getToken } from '@/lib/token.ts';
import { useUserSettings } from '@/lib/user-settings.ts';

/**
 * The side menu: the user's stored menu, read once when the shell loads and only with a
 * token. No token, a failed call or no stored entries give the default menu; a failure is
 * only logged.
 */
export function useShellMenu(): readonly MenuItem[] {
  const settings = useUserSettings({ enabled: getToken() !== null });

  useEffect(() => {
    if (settings.error) console.error('Could not load the settings:', settings.error);
  }, [settings.error]);

  const stored = settings.data?.menu_items;
  return stored && stored.length > 0 ? stored : DEFAULT_MENU;
}

/** The menu entry of the page at `pathname`, for the breadcrumb (its label is shown in the panel's language). */
export function pageItem(menu: readonly MenuItem[], pathname: string): MenuItem | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return menu.find((m) => m.path === path) ?? DEFAULT_MENU.find((m) => m.path === path);
}
