import { useMemo } from 'react';
import BarChart3 from 'lucide-react/icons/bar-chart-3';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { AudienceHistoryPoint, AudiencePeriod } from '@painel/contract';
import { audienceCatalogue } from '@/i18n/audience.ts';
import { useLocale, useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import { formatTimeSpan } from '@/lib/format.ts';
import { historyInterval, historyTick } from '../utils/audience-view.ts';

function HistoryTooltip({ active, payload, when }: TooltipContentProps & { when: (iso: string) => string }) {
  const point = payload?.[0]?.payload as AudienceHistoryPoint | undefined;
  const audienceTexts = useTexts(audienceCatalogue);
  if (!active || !point) return null;
  return (
    <div className="rounded-lg border border-gray-200 bg-white px-3 py-2 text-xs shadow-md">
      <p className="font-semibold text-gray-900">{when(point.timestamp)}</p>
      <p className="text-gray-700">{audienceTexts.viewers({ n: point.espectadores })}</p>
      <p className="text-gray-500">{audienceTexts.averageOf({ time: formatTimeSpan(point.tempoMedio) })}</p>
    </div>
  );
}

/**
 * Sessions that watched in each interval of the period (5 minutes over the last hour, 1 hour
 * otherwise), labelled in the account's time zone; the tooltip adds the mean time watched.
 */
export function HistoryChart({ periodo, points, loading }: {
  periodo: AudiencePeriod;
  /** undefined once loading ended: the reading failed (only logged, as the other side panels) */
  points: AudienceHistoryPoint[] | undefined;
  loading: boolean;
}) {
  const audienceTexts = useTexts(audienceCatalogue);
  const locale = useLocale();
  const { timeZone } = useDateTimeFormat();
  const when = useMemo(() => {
    const f = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'short', timeStyle: 'short' });
    return (iso: string) => f.format(new Date(iso));
  }, [timeZone, locale]);
  return (
    <SectionCard
      title={audienceTexts.historyTitle}
      description={audienceTexts.historyDescription({ interval: audienceTexts.intervalNames[historyInterval(periodo)] })}
      icon={BarChart3}
    >
      {loading ? (
        <LoadingState label={audienceTexts.historyLoading} />
      ) : !points ? (
        <p className="py-10 text-center text-sm text-gray-500">{audienceTexts.historyUnavailable}</p>
      ) : (
        <div data-testid="audience-history">
          <BarChart responsive data={points} style={{ width: '100%', height: 260 }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="#e5e7eb" strokeDasharray="3 3" />
            <XAxis
              dataKey="timestamp"
              tickFormatter={(v: string) => historyTick(v, periodo, timeZone, locale)}
              minTickGap={24}
              tick={{ fontSize: 12, fill: '#6b7280' }}
              tickLine={false}
              axisLine={{ stroke: '#e5e7eb' }}
            />
            <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12, fill: '#6b7280' }} tickLine={false} axisLine={false} />
            <Tooltip content={(props) => <HistoryTooltip {...props} when={when} />} cursor={{ fill: 'rgb(219 234 254 / 0.6)' }} />
            <Bar dataKey="espectadores" fill="#2563eb" radius={[3, 3, 0, 0]} maxBarSize={28} isAnimationActive={false} />
          </BarChart>
        </div>
      )}
    </SectionCard>
  );
}
