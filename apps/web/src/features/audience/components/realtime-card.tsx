import Activity from 'lucide-react/icons/activity';
import { AUDIENCE, type AudienceRealTime } from '@painel/contract';
import { audienceCatalogue } from '@/i18n/audience.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { UsageBar } from '@/components/ui/usage-bar.tsx';
import { cn } from '@/lib/cn.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { formatNumber } from '@/lib/format.ts';

/**
 * Who watches the live stream now against the plan's limit of simultaneous viewers (library
 * videos watched now are a line apart: they do not count against it), and whether the channel
 * is on air. Reloaded every AUDIENCE.realTimePollMs; a failed reading keeps the last one.
 */
export function RealTimeCard({ data }: { data: AudienceRealTime | undefined }) {
  const audienceTexts = useTexts(audienceCatalogue);
  const fmt = useDateTimeFormat();
  const stamp = data?.timestamp ? Date.parse(data.timestamp) : NaN;
  return (
    <section aria-label={audienceTexts.realTimeTitle} data-testid="audience-realtime" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm lg:col-span-2">
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-sm font-semibold text-gray-700">
          <Activity className="h-4 w-4 text-blue-600" aria-hidden="true" />
          {audienceTexts.realTimeTitle}
        </h2>
        {data && (
          <span
            data-testid="audience-on-air"
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold',
              data.transmissaoAtiva ? 'bg-red-100 text-red-700' : 'bg-gray-100 text-gray-600',
            )}
          >
            <span className={cn('h-2 w-2 rounded-full', data.transmissaoAtiva ? 'animate-pulse bg-red-600' : 'bg-gray-400')} aria-hidden="true" />
            {data.transmissaoAtiva ? audienceTexts.onAir : audienceTexts.offAir}
          </span>
        )}
      </div>
      <p className="mt-3 text-3xl font-bold text-gray-900 tabular-nums" data-testid="audience-live-now">{data ? formatNumber(data.espectadoresAtivos) : '–'}</p>
      <p className="text-sm text-gray-500">{audienceTexts.liveViewers}</p>
      {data && data.limite > 0 && (
        <>
          <UsageBar percent={(data.espectadoresAtivos / data.limite) * 100} label={audienceTexts.limitBar} className="mt-3" />
          <p className="mt-1.5 text-xs text-gray-500">{audienceTexts.limit({ limit: formatNumber(data.limite), n: data.limite })}</p>
        </>
      )}
      {data && data.espectadoresVod > 0 && (
        <p className="mt-2 text-sm font-medium text-blue-700" data-testid="audience-vod-now">{audienceTexts.vodViewers({ n: data.espectadoresVod })}</p>
      )}
      {Number.isFinite(stamp) && (
        <p className="mt-3 text-xs text-gray-500">{audienceTexts.updatedAt({ time: fmt.time(stamp), seconds: AUDIENCE.realTimePollMs / 1000 })}</p>
      )}
    </section>
  );
}
