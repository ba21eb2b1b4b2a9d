import { useId, type FormEvent, type ReactNode } from 'react';
import Package from 'lucide-react/icons/package';
import Save from 'lucide-react/icons/save';
import Settings from 'lucide-react/icons/settings';
import { WEBAPP_LIMITS, type WebApp, type WebAppFields } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { multiplatformAppCatalogue } from '@/i18n/multiplatform-app.ts';
import { useTexts, type Texts } from '@/i18n/runtime.ts';
import { Button } from '@/components/ui/button.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { useWebAppForm } from '../hooks/use-webapp-form.ts';
import { ApkStatus } from './apk-status.tsx';
import { ImageField } from './image-field.tsx';

const input = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-200 focus:outline-none aria-invalid:border-red-500';

type TextKey = { [K in keyof WebAppFields]: WebAppFields[K] extends string ? K : never }[keyof WebAppFields];
type ColorKey = 'cor_texto' | 'cor_menu_claro' | 'cor_menu_escuro' | 'cor_splash';

/** The social links' fields and the colour pickers, with their labels in the panel's language. */
function fieldLabels(commonTexts: Texts<typeof commonCatalogue.source>, multiplatformAppTexts: Texts<typeof multiplatformAppCatalogue.source>) {
  const LINKS: readonly [TextKey, string][] = [
    ['url_site', commonTexts.site],
    ['url_facebook', commonTexts.facebook],
    ['url_instagram', commonTexts.instagram],
    ['url_twitter', commonTexts.twitter],
    ['url_youtube', multiplatformAppTexts.youtubeLabel],
  ];
  const COLORS: readonly [ColorKey, string][] = [
    ['cor_texto', commonTexts.textColor],
    ['cor_menu_claro', commonTexts.lightMenuColor],
    ['cor_menu_escuro', commonTexts.darkMenuColor],
    ['cor_splash', multiplatformAppTexts.colorSplash],
  ];
  return { LINKS, COLORS };
}

function Group({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cn('grid gap-4 border-t border-gray-100 pt-5 first:border-t-0 first:pt-0', className)}>
      <legend className="mb-1 text-base font-semibold text-gray-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The form's fields of the app and, once it exists, the request of its Android package. */
export function ConfigureTab({ app }: { app: WebApp | null }) {
  const id = useId();
  const commonTexts = useTexts(commonCatalogue);
  const multiplatformAppTexts = useTexts(multiplatformAppCatalogue);
  const { LINKS, COLORS } = fieldLabels(commonTexts, multiplatformAppTexts);
  const form = useWebAppForm(app);
  const { fields, set } = form;
  const building = app?.apk_status === 'building';

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    form.submit();
  }

  const text = (key: TextKey, label: string, extra: { type?: string; placeholder?: string; maxLength?: number; required?: boolean } = {}) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium text-gray-700">
        {label}{extra.required && <span className="text-red-600" aria-hidden="true"> *</span>}
      </label>
      <input
        id={`${id}-${key}`}
        type={extra.type ?? 'text'}
        value={fields[key]}
        onChange={(e) => set(key, e.target.value)}
        placeholder={extra.placeholder}
        maxLength={extra.maxLength ?? WEBAPP_LIMITS.linkMax}
        aria-required={extra.required || undefined}
        aria-invalid={(extra.required && form.nameMissing) || undefined}
        className={input}
      />
    </div>
  );

  const title = app ? commonTexts.configureApp : commonTexts.createApp;
  return (
    <SectionCard title={title} description={multiplatformAppTexts.formDescription} icon={Settings}>
      <form onSubmit={onSubmit} noValidate aria-label={title} className="space-y-6">
        <Group title={multiplatformAppTexts.sectionInfo} className="sm:grid-cols-3">
          {text('nome', multiplatformAppTexts.nameLabel, { placeholder: multiplatformAppTexts.namePlaceholder, maxLength: WEBAPP_LIMITS.nameMax, required: true })}
          {text('email', commonTexts.email, { type: 'email', placeholder: multiplatformAppTexts.emailPlaceholder })}
          {text('whatsapp', commonTexts.whatsapp, { type: 'tel', placeholder: multiplatformAppTexts.whatsappPlaceholder })}
        </Group>

        <Group title={multiplatformAppTexts.sectionLinks} className="sm:grid-cols-2 lg:grid-cols-3">
          {LINKS.map(([key, label]) => <div key={key}>{text(key, label, { type: 'url', placeholder: commonTexts.urlPlaceholder })}</div>)}
        </Group>

        <Group title={multiplatformAppTexts.sectionLook} className="lg:grid-cols-2">
          <div role="radiogroup" aria-label={multiplatformAppTexts.modelLabel} className="space-y-2">
            <p className="text-sm font-medium text-gray-700" aria-hidden="true">{multiplatformAppTexts.modelLabel}</p>
            {multiplatformAppTexts.models.map((m, i) => {
              // the layouts are numbered in the catalogue's order: 1, 2
              const value = (i + 1) as 1 | 2;
              return (
                <label key={value} className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-500',
                  fields.modelo === value ? 'border-blue-500 bg-blue-50' : 'border-gray-200 hover:border-blue-300',
                )}>
                  <input type="radio" name={`${id}-modelo`} value={value} checked={fields.modelo === value} onChange={() => set('modelo', value)} className="mt-1" />
                  <span>
                    <span className="block text-sm font-medium text-gray-900">{m.label}</span>
                    <span className="block text-xs text-gray-600">{m.hint}</span>
                  </span>
                </label>
              );
            })}
          </div>
          <div className="space-y-2">
            <p className="text-sm font-medium text-gray-700">{commonTexts.colors}</p>
            <div className="grid grid-cols-2 gap-3">
              {COLORS.map(([key, label]) => (
                <label key={key} className="flex items-center gap-3 rounded-lg border border-gray-200 p-2 text-sm text-gray-700">
                  <input type="color" value={fields[key].toLowerCase()} onChange={(e) => set(key, e.target.value.toUpperCase())} className="h-9 w-12 cursor-pointer rounded border border-gray-300 bg-white p-0.5" />
                  <span className="min-w-0">
                    <span className="block">{label}</span>
                    <span className="block font-mono text-xs text-gray-500">{fields[key]}</span>
                  </span>
                </label>
              ))}
            </div>
          </div>
          <ImageField label={commonTexts.logo} hint={multiplatformAppTexts.logoHint} file={form.logo} onFile={form.setLogo} current={app?.url_logo} resetKey={form.filesKey} />
          <ImageField
            label={multiplatformAppTexts.backgroundLabel} hint={multiplatformAppTexts.backgroundHint} file={form.background} onFile={form.setBackground}
            current={app?.url_background} previewClass="h-24 w-14" resetKey={form.filesKey}
          />
        </Group>

        <Group title={multiplatformAppTexts.sectionContent} className="lg:grid-cols-2">
          {([['text_prog', multiplatformAppTexts.progLabel, multiplatformAppTexts.progPlaceholder], ['text_hist', multiplatformAppTexts.histLabel, multiplatformAppTexts.histPlaceholder]] as const).map(([key, label, placeholder]) => (
            <div key={key}>
              <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium text-gray-700">{label}</label>
              <textarea id={`${id}-${key}`} rows={5} value={fields[key]} onChange={(e) => set(key, e.target.value)} placeholder={placeholder} maxLength={WEBAPP_LIMITS.textMax} className={input} />
            </div>
          ))}
          {([['chat', commonTexts.chatModule, multiplatformAppTexts.chatHint], ['contador', commonTexts.viewerCounter, multiplatformAppTexts.counterHint]] as const).map(([key, label, hint]) => (
            <label key={key} className="flex cursor-pointer items-start gap-3 rounded-lg border border-gray-200 p-3">
              <input type="checkbox" checked={fields[key]} onChange={(e) => set(key, e.target.checked)} className="mt-1 h-4 w-4" />
              <span>
                <span className="block text-sm font-medium text-gray-900">{label}</span>
                <span className="block text-xs text-gray-500">{hint}</span>
              </span>
            </label>
          ))}
        </Group>

        <div className="flex flex-wrap items-center gap-3 border-t border-gray-100 pt-5">
          <Button type="submit" disabled={form.saving}>
            {form.saving ? <Spinner className="h-4 w-4" /> : <Save className="h-4 w-4" aria-hidden="true" />}
            {form.saving ? commonTexts.saving : multiplatformAppTexts.save}
          </Button>
          {app && !app.apk_criado && (
            <Button variant="success" onClick={form.createApk} disabled={form.creatingApk || building}>
              {form.creatingApk || building ? <Spinner className="h-4 w-4" /> : <Package className="h-4 w-4" aria-hidden="true" />}
              {form.creatingApk || building ? commonTexts.creating : multiplatformAppTexts.createApk}
            </Button>
          )}
        </div>
        {app && app.apk_status !== 'none' && <ApkStatus app={app} />}
      </form>
    </SectionCard>
  );
}
