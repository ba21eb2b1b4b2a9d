import { useId } from 'react';
import { toast } from '@/lib/toast.ts';
import Disc from 'lucide-react/icons/disc';
import { RECORDINGS_FOLDER } from '@painel/contract';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { settingsCatalogue } from '@/i18n/settings.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useRecordingConfig, useSaveRecordingConfig } from '@/lib/recordings.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';

/**
 * 'Gravar transmissões': the account's setting, saved as soon as it is changed (it is not part of
 * the form's save). On, every OBS broadcast becomes an MP4 in the folder 'Gravações'.
 */
export function RecordingSettingsSection() {
  const settingsTexts = useTexts(settingsCatalogue);
  const config = useRecordingConfig();
  const save = useSaveRecordingConfig();
  const inputId = useId();
  const ativo = save.isPending ? !!save.variables : !!config.data?.ativo;

  return (
    <SectionCard title={settingsTexts.recordingSection} icon={Disc}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          data-testid="recording-setting"
          aria-describedby={`${inputId}-hint`}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-300 accent-blue-600"
          checked={ativo}
          disabled={!config.data || save.isPending}
          onChange={(e) => save.mutate(e.target.checked, {
            onSuccess: (saved) => toast.success(saved.ativo ? textsNow(settingsCatalogue).recordingOn : textsNow(settingsCatalogue).recordingOff),
            onError: (error) => toast.error(errorMessage(error, textsNow(settingsCatalogue).recordingSaveError)),
          })}
        />
        <div>
          <label htmlFor={inputId} className="font-medium text-gray-900">{settingsTexts.recordingOption}</label>
          <p id={`${inputId}-hint`} className="text-sm text-gray-500">{settingsTexts.recordingHint({ folder: RECORDINGS_FOLDER })}</p>
        </div>
      </div>
    </SectionCard>
  );
}
