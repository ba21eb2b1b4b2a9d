import { useEffect, useMemo } from 'react';
import { DEFAULT_SETTINGS } from '@painel/contract';
import { useTexts } from '@/i18n/runtime.ts';
import { settingsCatalogue } from '@/i18n/settings.ts';
import { useUser } from '@/lib/auth.ts';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { defaultMenu, useUserSettings, type LoadedSettings } from '@/lib/user-settings.ts';
import { SettingsForm } from './settings-form.tsx';

/** /dashboard/configuracoes. A failed load is only logged; the form then starts from the defaults. */
export function SettingsPage() {
  const settingsTexts = useTexts(settingsCatalogue);
  const { data: user } = useUser();
  const settings = useUserSettings();

  useEffect(() => {
    if (settings.error) console.error('Error loading settings:', settings.error);
  }, [settings.error]);

  const initial = useMemo<LoadedSettings | undefined>(() => {
    if (settings.data) return settings.data;
    if (settings.isError && !settings.isFetching) return { ...DEFAULT_SETTINGS, menu_items: defaultMenu(), salvas: false };
    return undefined;
  }, [settings.data, settings.isError, settings.isFetching]);

  if (!initial) return <LoadingState label={settingsTexts.loading} />;
  return <SettingsForm initial={initial} user={user} />;
}
