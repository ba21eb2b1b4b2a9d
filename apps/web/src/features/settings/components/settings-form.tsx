import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast.ts';
import Save from 'lucide-react/icons/save';
import X from 'lucide-react/icons/x';
import { type User, type UserSettingsBody } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { rememberLocale, setLocale, textsNow, useTexts } from '@/i18n/runtime.ts';
import { settingsCatalogue } from '@/i18n/settings.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { effectiveId } from '@/lib/auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import type { LoadedSettings } from '@/lib/user-settings.ts';
import { useSaveUserSettings } from '../api/save-user-settings.ts';
import { isValidRefreshInterval, settingsFormSchema, type SettingsFormValues } from '../hooks/settings-form-schema.ts';
import { useMenuEditor } from '../hooks/use-menu-editor.ts';
import { FallbackSettingsSection } from './fallback-settings-section.tsx';
import { GeneralSettingsSection } from './general-settings-section.tsx';
import { MenuCustomizationSection } from './menu-customization-section.tsx';
import { RecordingSettingsSection } from './recording-settings-section.tsx';
import { RegionalSettingsSection } from './regional-settings-section.tsx';

export function SettingsForm({ initial, user }: { initial: LoadedSettings; user: User | null | undefined }) {
  const commonTexts = useTexts(commonCatalogue);
  const settingsTexts = useTexts(settingsCatalogue);
  const menu = useMenuEditor(initial.menu_items);
  const save = useSaveUserSettings();
  const { register, handleSubmit, control, formState: { errors } } = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    mode: 'onChange',
    defaultValues: {
      notifications_enabled: initial.notifications_enabled,
      auto_refresh: initial.auto_refresh,
      sidebar_collapsed: initial.sidebar_collapsed,
      refresh_interval: initial.refresh_interval,
      language: initial.language,
      timezone: initial.timezone,
    },
  });
  const autoRefresh = useWatch({ control, name: 'auto_refresh' });

  const onSubmit = handleSubmit((values) => {
    const body: UserSettingsBody = {
      ...values,
      // a hidden interval field (auto refresh off) keeps the last valid value
      refresh_interval: isValidRefreshInterval(values.refresh_interval) ? values.refresh_interval : initial.refresh_interval,
      menu_items: menu.items.map(({ id, label, path, icon, visible, category }, order) => ({
        id, label, path, icon, visible, order, category,
      })),
      ...(user ? { id_user: effectiveId(user) } : {}),
    };
    save.mutate(body, {
      onSuccess: async (saved) => {
        // the panel switches to the saved language at once, so the toast already speaks it
        await setLocale(saved.language).catch((error: unknown) => console.error('Could not switch the language:', error));
        rememberLocale(saved.language);
        toast.success(textsNow(messageCatalogue).settingsSaved);
      },
      onError: (error) => toast.error(errorMessage(error, textsNow(messageCatalogue).settingsSaveError)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{settingsTexts.title}</h1>
        <p className="mt-1 text-gray-500">{settingsTexts.subtitle}</p>
      </div>

      <GeneralSettingsSection register={register} errors={errors} autoRefresh={autoRefresh} />
      <MenuCustomizationSection
        items={menu.items}
        summary={menu.summary}
        onMove={menu.move}
        onToggle={menu.toggle}
        onRestore={menu.restore}
      />
      <RegionalSettingsSection register={register} />
      <RecordingSettingsSection />
      <FallbackSettingsSection />

      {/* kept in reach while scrolling, and clear of the toasts at the top right */}
      <div className="sticky bottom-4 z-10 flex justify-end gap-3 rounded-xl border border-gray-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur">
        <Button variant="secondary" onClick={() => window.location.reload()}>
          <X className="h-4 w-4" aria-hidden="true" />
          {commonTexts.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="h-4 w-4" /> : <Save className="h-4 w-4" aria-hidden="true" />}
          {save.isPending ? commonTexts.saving : commonTexts.save}
        </Button>
      </div>
    </form>
  );
}
