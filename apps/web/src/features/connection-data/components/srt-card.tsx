import { useId } from 'react';
import { toast } from '@/lib/toast.ts';
import Satellite from 'lucide-react/icons/satellite';
import { connectionDataCatalogue } from '@/i18n/connection-data.ts';
import { textsNow, useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useSetSrt, useSrt } from '../api/srt.ts';
import { DataValue } from './data-value.tsx';

/**
 * SRT ingest: a switch that gives the account an SRT address (its own port, the stream key as
 * the passphrase) and the OBS settings to publish there instead of RTMP.
 */
export function SrtCard() {
  const t = useTexts(connectionDataCatalogue);
  const srt = useSrt();
  const set = useSetSrt();
  const switchId = useId();
  const hintId = useId();
  // the switch shows the choice at once, while the server takes it
  const on = set.isPending ? set.variables : (srt.data?.ativo ?? false);

  function toggle(ativo: boolean) {
    set.mutate(ativo, {
      onSuccess: (r) => toast.success(r.ativo ? textsNow(connectionDataCatalogue).srtOn : textsNow(connectionDataCatalogue).srtOff),
      onError: (error) => toast.error(errorMessage(error, textsNow(connectionDataCatalogue).srtSaveError)),
    });
  }

  return (
    <SectionCard title={t.srtTitle} description={t.srtDescription} icon={Satellite}>
      <div className="space-y-4">
        <div className="flex items-start gap-3">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            data-testid="srt-switch"
            className="mt-1 h-4 w-4 accent-blue-600"
            checked={on}
            disabled={srt.isPending || set.isPending}
            aria-describedby={hintId}
            onChange={(e) => toggle(e.target.checked)}
          />
          <div>
            <label htmlFor={switchId} className="text-sm font-medium text-gray-900">{t.srtSwitch}</label>
            <p id={hintId} className="text-xs text-gray-500">{t.srtSwitchHint}</p>
          </div>
          {(srt.isPending || set.isPending) && <Spinner className="h-4 w-4" />}
        </div>
        {srt.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(srt.error, t.srtLoadError)}</p>}
        {srt.data?.ativo && srt.data.srt_url && (
          <>
            <dl className="space-y-4">
              <div>
                <dt className="mb-1.5 text-sm font-medium text-gray-600">{t.srtUrl}</dt>
                <dd><DataValue value={srt.data.srt_url} item={t.srtUrl} secret testId="srt-url" /></dd>
                <dd className="mt-1.5 text-xs text-gray-500">{t.srtUrlHint}</dd>
              </div>
              <div>
                <dt className="mb-1.5 text-sm font-medium text-gray-600">{t.srtPort}</dt>
                <dd><DataValue value={String(srt.data.porta ?? '')} item={t.srtPort} testId="srt-port" /></dd>
              </div>
            </dl>
            <div>
              <h3 className="mb-2 text-sm font-semibold text-gray-900">{t.srtObsTitle}</h3>
              <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-600">
                <li>{t.obsStep1}</li>
                <li>{t.obsStep2}</li>
                <li>{t.srtObsStep3}</li>
                <li>{t.srtObsStep4}</li>
                <li>{t.srtObsStep5({ latency: srt.data.latencia_ms })}</li>
                <li>{t.obsStep5}</li>
              </ol>
            </div>
          </>
        )}
      </div>
    </SectionCard>
  );
}
