import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { REFRESH_INTERVAL } from '@painel/contract';
import { useTexts } from '@/i18n/runtime.ts';
import { settingsCatalogue } from '@/i18n/settings.ts';
import { cn } from '@/lib/cn.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import type { SettingsFormValues } from '../hooks/settings-form-schema.ts';

type BooleanField = 'auto_refresh' | 'sidebar_collapsed';

export function GeneralSettingsSection({
  register, errors, autoRefresh,
}: {
  register: UseFormRegister<SettingsFormValues>;
  errors: FieldErrors<SettingsFormValues>;
  autoRefresh: boolean;
}) {
  const settingsTexts = useTexts(settingsCatalogue);
  /**
   * The options the panel honours. `notifications_enabled` is kept and saved as it is, but not
   * offered: the panel sends no notices yet.
   */
  const OPTIONS: { name: BooleanField; label: string; hint: string }[] = [
    { name: 'auto_refresh', label: settingsTexts.autoRefreshOption, hint: settingsTexts.autoRefreshHint },
    { name: 'sidebar_collapsed', label: settingsTexts.sidebarCollapsedOption, hint: settingsTexts.sidebarCollapsedHint },
  ];
  const id = useId();
  const intervalId = `${id}-interval`;
  const intervalError = errors.refresh_interval?.message;

  return (
    <SectionCard title={settingsTexts.generalSection} icon={SlidersHorizontal}>
      <div className="space-y-4">
        {OPTIONS.map((option) => {
          const inputId = `${id}-${option.name}`;
          return (
            <div key={option.name} className="flex items-start gap-3">
              <input
                id={inputId}
                type="checkbox"
                aria-describedby={`${inputId}-hint`}
                className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-300 accent-blue-600"
                {...register(option.name, option.name === 'auto_refresh' ? { deps: ['refresh_interval'] } : undefined)}
              />
              <div>
                <label htmlFor={inputId} className="font-medium text-gray-900">{option.label}</label>
                <p id={`${inputId}-hint`} className="text-sm text-gray-500">{option.hint}</p>
              </div>
            </div>
          );
        })}

        {autoRefresh && (
          <div className="ml-8 max-w-xs">
            <label htmlFor={intervalId} className="mb-1.5 block text-sm font-medium text-gray-700">
              {settingsTexts.refreshIntervalLabel}
            </label>
            <input
              id={intervalId}
              type="number"
              inputMode="numeric"
              min={REFRESH_INTERVAL.min}
              max={REFRESH_INTERVAL.max}
              step={1}
              aria-invalid={intervalError ? true : undefined}
              aria-describedby={intervalError ? `${intervalId}-error` : undefined}
              className={cn(
                'block w-full rounded-lg border px-3 py-2 text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none',
                intervalError ? 'border-red-400' : 'border-gray-300',
              )}
              {...register('refresh_interval', { valueAsNumber: true })}
            />
            {intervalError && (
              <p id={`${intervalId}-error`} className="mt-1.5 text-sm text-red-600">{intervalError}</p>
            )}
          </div>
        )}
      </div>
    </SectionCard>
  );
}
