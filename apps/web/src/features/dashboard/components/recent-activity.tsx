import { formatDistanceToNow, type Locale as DateLocale } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import History from 'lucide-react/icons/history';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { messageCatalogue } from '@/i18n/messages.ts';
import { useLocale, useTexts, type Locale } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import { useDateTimeFormat } from '@/lib/datetime.ts';
import type { ActivityItem } from '../api/get-dashboard-overview.ts';
import { activityText } from '../utils/activity-text.ts';

const TONE: Record<string, string> = {
  transmission_started: 'bg-green-500',
  transmission_ended: 'bg-gray-400',
  publish_refused: 'bg-red-500',
  key_regenerated: 'bg-amber-500',
};

const DATE_LOCALES: Record<Locale, DateLocale> = { 'pt-BR': ptBR, 'en-US': enUS, 'es-ES': es };

function when(iso: string, locale: Locale): string {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? formatDistanceToNow(t, { addSuffix: true, locale: DATE_LOCALES[locale] }) : '';
}

/** What happened on the account lately, newest first (from the dashboard overview). */
export function RecentActivity({ items, loading, limit = 8 }: { items: ActivityItem[] | undefined; loading: boolean; limit?: number }) {
  const dashboardTexts = useTexts(dashboardCatalogue);
  const msg = useTexts(messageCatalogue);
  const locale = useLocale();
  const { dateTime } = useDateTimeFormat();
  const shown = (items ?? []).slice(0, limit);
  return (
    <SectionCard title={dashboardTexts.recentActivityTitle} icon={History}>
      {loading ? (
        <LoadingState />
      ) : shown.length === 0 ? (
        <p className="py-4 text-center text-sm text-gray-500">{dashboardTexts.noActivity}</p>
      ) : (
        <ol className="space-y-3">
          {shown.map((a, i) => (
            <li key={`${a.data}-${i}`} className="flex gap-3 text-sm">
              <span className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', TONE[a.tipo] ?? 'bg-blue-500')} aria-hidden="true" />
              <div className="min-w-0">
                <p className="text-gray-800">{activityText(a, msg, dateTime)}</p>
                {a.data && (
                  <time dateTime={a.data} title={dateTime(a.data)} className="text-xs text-gray-500">
                    {when(a.data, locale)}
                  </time>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
