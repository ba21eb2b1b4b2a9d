import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import Globe from 'lucide-react/icons/globe';
import { LANGUAGES, LANGUAGE_LABELS, TIMEZONES } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { settingsCatalogue } from '@/i18n/settings.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import type { SettingsFormValues } from '../hooks/settings-form-schema.ts';

const selectClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none';

export function RegionalSettingsSection({ register }: { register: UseFormRegister<SettingsFormValues> }) {
  const commonTexts = useTexts(commonCatalogue);
  const settingsTexts = useTexts(settingsCatalogue);
  const id = useId();
  return (
    <SectionCard title={settingsTexts.regionalSection} icon={Globe}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-language`} className="mb-1.5 block text-sm font-medium text-gray-700">
            {settingsTexts.languageLabel}
          </label>
          <select id={`${id}-language`} className={selectClass} {...register('language')}>
            {LANGUAGES.map((lang) => (
              // each language by its own name, whatever the panel's language
              <option key={lang} value={lang} lang={lang}>{LANGUAGE_LABELS[lang]}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-timezone`} className="mb-1.5 block text-sm font-medium text-gray-700">
            {settingsTexts.timezoneLabel}
          </label>
          <select id={`${id}-timezone`} className={selectClass} {...register('timezone')}>
            {TIMEZONES.map((tz) => (
              <option key={tz} value={tz}>{commonTexts.timezones[tz]}</option>
            ))}
          </select>
        </div>
      </div>
    </SectionCard>
  );
}
