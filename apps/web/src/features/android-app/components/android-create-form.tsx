import { useId, type FormEvent } from 'react';
import { toast } from '@/lib/toast.ts';
import PlusCircle from 'lucide-react/icons/plus-circle';
import { ANDROID_LIMITS, ANDROID_THEMES, ANDROID_VERSIONS, type AndroidConfigFields } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { androidAppCatalogue } from '@/i18n/android-app.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useCreateAndroidApp } from '../api/create-android-app.ts';
import { useAndroidForm } from '../hooks/use-android-form.ts';
import { usePickedImage } from '../hooks/use-picked-image.ts';
import { createFormError } from '../utils/android-images.ts';
import { androidFormData } from '../utils/android-view.ts';
import { ImageField, TextField, inputClass } from './form-fields.tsx';

/** Who asks: sent with the build as the panel always did; the server decides from the session. */
export interface Requester {
  servidor: string;
  login: string;
  idioma_painel: string;
}

/**
 * 'Criar App': the TV's name and links, version and theme, and the three images, checked here
 * before anything is sent. Starts from the saved configuration, so a new build keeps what the
 * owner set before (the images are picked again: they go inside the APK).
 */
export function AndroidCreateForm({ saved, requester, onCreated }: {
  saved: AndroidConfigFields;
  requester: Requester;
  onCreated: () => void;
}) {
  const id = useId();
  const commonTexts = useTexts(commonCatalogue);
  const androidAppTexts = useTexts(androidAppCatalogue);
  const create = useCreateAndroidApp();
  const { fields, set, checking, passes } = useAndroidForm(saved);
  const images = { logo: usePickedImage('logo'), icone: usePickedImage('icone'), fundo: usePickedImage('fundo') };
  const busy = checking || create.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const msg = textsNow(messageCatalogue);
    if (busy || !(await passes(images, (picked) => createFormError({ nome: fields.webtv_nome, ...picked }, msg)))) return;
    const files = { logo: images.logo.file, icone: images.icone.file, fundo: images.fundo.file };
    const body = androidFormData({ ...fields, webtv_nome: fields.webtv_nome.trim() }, files, { ...requester });
    create.mutate(body, {
      onSuccess: () => {
        toast.success(msg.androidCreated);
        onCreated();
      },
      onError: (err) => toast.error(errorMessage(err, msg.androidCreateError)),
    });
  }

  return (
    <SectionCard title={commonTexts.createApp} description={androidAppTexts.createDescription} icon={PlusCircle}>
      <form onSubmit={(e) => void submit(e)} className="space-y-5" aria-label={commonTexts.createApp} noValidate>
        <TextField
          label={androidAppTexts.nameLabel} value={fields.webtv_nome} onChange={set('webtv_nome')} placeholder={androidAppTexts.namePlaceholder}
          maxLength={ANDROID_LIMITS.nameMax} required
          after={<p className="mt-1 text-right text-xs text-gray-500" aria-live="polite">{androidAppTexts.nameCounter({ n: fields.webtv_nome.length, max: ANDROID_LIMITS.nameMax })}</p>}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={commonTexts.facebook} type="url" value={fields.webtv_facebook} onChange={set('webtv_facebook')} placeholder={commonTexts.urlPlaceholder} />
          <TextField label={commonTexts.twitter} type="url" value={fields.webtv_twitter} onChange={set('webtv_twitter')} placeholder={commonTexts.urlPlaceholder} />
          <TextField label={commonTexts.site} type="url" value={fields.webtv_site} onChange={set('webtv_site')} placeholder={commonTexts.urlPlaceholder} />
        </div>
        <div>
          <label htmlFor={`${id}-desc`} className="mb-1 block text-sm font-medium text-gray-700">{androidAppTexts.descriptionLabel}</label>
          <textarea
            id={`${id}-desc`} rows={3} value={fields.webtv_descricao} onChange={(e) => set('webtv_descricao')(e.target.value)}
            placeholder={androidAppTexts.descriptionPlaceholder} className={inputClass}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-version`} className="mb-1 block text-sm font-medium text-gray-700">{androidAppTexts.versionLabel}</label>
            <select id={`${id}-version`} value={fields.versao} onChange={(e) => set('versao')(e.target.value)} className={inputClass}>
              {ANDROID_VERSIONS.map((v) => <option key={v} value={v}>{v}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-theme`} className="mb-1 block text-sm font-medium text-gray-700">{androidAppTexts.themeLabel}</label>
            <div className="flex items-center gap-3">
              <select id={`${id}-theme`} value={fields.tema} onChange={(e) => set('tema')(e.target.value)} className={inputClass}>
                {ANDROID_THEMES.map((t, i) => <option key={t.value} value={t.value}>{androidAppTexts.themes[i]}</option>)}
              </select>
              <span className="flex shrink-0 overflow-hidden rounded-lg border border-gray-200" aria-hidden="true">
                {fields.tema.split('|').map((c) => <span key={c} className="h-9 w-6" style={{ backgroundColor: c }} />)}
              </span>
            </div>
          </div>
        </div>
        <div className="grid gap-4 lg:grid-cols-3">
          <ImageField field={images.logo} label={commonTexts.logo} hint={androidAppTexts.logoHint} accept="image/png" />
          <ImageField field={images.icone} label={commonTexts.icon} hint={androidAppTexts.iconHint} accept="image/png" />
          <ImageField field={images.fundo} label={androidAppTexts.backgroundLabel} hint={androidAppTexts.backgroundHint} accept="image/jpeg" />
        </div>
        <Button type="submit" variant="success" disabled={busy} className="w-full sm:w-auto">
          {busy ? <Spinner className="h-4 w-4" /> : null}
          {create.isPending ? androidAppTexts.creating : commonTexts.createApp}
        </Button>
      </form>
    </SectionCard>
  );
}
