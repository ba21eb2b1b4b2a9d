import { useId, type FormEvent } from 'react';
import { toast } from '@/lib/toast.ts';
import Settings2 from 'lucide-react/icons/settings-2';
import { type AndroidConfig } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { androidAppCatalogue } from '@/i18n/android-app.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { useConfigureAndroidApp } from '../api/configure-android-app.ts';
import { useAndroidForm } from '../hooks/use-android-form.ts';
import { usePickedImage } from '../hooks/use-picked-image.ts';
import { configureFormError } from '../utils/android-images.ts';
import { androidFormData, configFields } from '../utils/android-view.ts';
import { ColorField, ImageField, TextField } from './form-fields.tsx';

/**
 * 'Configurar App': what the installed app shows (contacts, colours, start screen, chat, logo
 * and background); it reads them each time it opens, so no new APK is needed.
 */
export function AndroidConfigureForm({ config, onSaved }: { config: AndroidConfig; onSaved: () => void }) {
  const id = useId();
  const commonTexts = useTexts(commonCatalogue);
  const androidAppTexts = useTexts(androidAppCatalogue);
  const START_SCREENS = [
    { value: 1, label: androidAppTexts.startScreenLogo },
    { value: 2, label: commonTexts.player },
  ] as const;
  const configure = useConfigureAndroidApp();
  const { fields, set, checking, passes } = useAndroidForm(configFields(config));
  const images = { logo: usePickedImage('logo'), fundo: usePickedImage('fundo') };
  const busy = checking || configure.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const msg = textsNow(messageCatalogue);
    if (busy || !(await passes(images, (picked) => configureFormError(picked, msg)))) return;
    configure.mutate(androidFormData(fields, { logo: images.logo.file, fundo: images.fundo.file }), {
      onSuccess: () => {
        toast.success(msg.androidConfigured);
        onSaved();
      },
      // a refusal the server explained, else whether it answered at all
      onError: (err) => toast.error(errorMessage(err, err instanceof ApiError ? msg.androidUpdateError : msg.androidConfigureError)),
    });
  }

  return (
    <SectionCard title={commonTexts.configureApp} description={androidAppTexts.configureDescription} icon={Settings2}>
      <form onSubmit={(e) => void submit(e)} className="space-y-5" aria-label={commonTexts.configureApp} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={commonTexts.email} type="email" value={fields.app_email} onChange={set('app_email')} placeholder={androidAppTexts.emailPlaceholder} />
          <TextField label={commonTexts.site} type="url" value={fields.app_url_site} onChange={set('app_url_site')} placeholder={commonTexts.urlPlaceholder} />
          <TextField label={commonTexts.facebook} type="url" value={fields.app_url_facebook} onChange={set('app_url_facebook')} placeholder={commonTexts.urlPlaceholder} />
          <TextField label={commonTexts.instagram} type="url" value={fields.app_url_instagram} onChange={set('app_url_instagram')} placeholder={commonTexts.urlPlaceholder} />
          <TextField label={commonTexts.whatsapp} type="tel" value={fields.app_whatsapp} onChange={set('app_whatsapp')} placeholder={androidAppTexts.whatsappPlaceholder} />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-gray-700">{commonTexts.colors}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <ColorField label={commonTexts.textColor} value={fields.app_cor_texto} onChange={set('app_cor_texto')} />
            <ColorField label={commonTexts.lightMenuColor} value={fields.app_cor_menu_claro} onChange={set('app_cor_menu_claro')} />
            <ColorField label={commonTexts.darkMenuColor} value={fields.app_cor_menu_escuro} onChange={set('app_cor_menu_escuro')} />
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-gray-700">{androidAppTexts.startScreenLegend}</legend>
          <div className="flex flex-wrap gap-3">
            {START_SCREENS.map((s) => (
              <label key={s.value} className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm text-gray-800 has-checked:border-blue-500 has-checked:bg-blue-50">
                <input
                  type="radio" name={`${id}-start`} value={s.value} checked={fields.app_tela_inicial === s.value}
                  onChange={() => set('app_tela_inicial')(s.value)} className="accent-blue-600"
                />
                {s.label}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" checked={fields.chat} onChange={(e) => set('chat')(e.target.checked)} className="mt-0.5 h-4 w-4 accent-blue-600" />
          <span>
            <span className="font-medium text-gray-800">{commonTexts.chatModule}</span>
            <span className="block text-gray-500">{androidAppTexts.chatHint}</span>
          </span>
        </label>
        <div className="grid gap-4 lg:grid-cols-2">
          <ImageField field={images.logo} label={androidAppTexts.newLogoLabel} hint={androidAppTexts.logoHint} accept="image/png" currentUrl={config.url_logo || undefined} />
          <ImageField field={images.fundo} label={androidAppTexts.newBackgroundLabel} hint={androidAppTexts.backgroundHint} accept="image/jpeg" currentUrl={config.url_fundo || undefined} />
        </div>
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? <Spinner className="h-4 w-4" /> : null}
          {configure.isPending ? androidAppTexts.configuring : androidAppTexts.configure}
        </Button>
      </form>
    </SectionCard>
  );
}
