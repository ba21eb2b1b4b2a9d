import { useEffect, useState } from 'react';
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

/** How long ago a moment was, in words of a language ('5 minutes ago', 'há 5 minutos'). */
type Ago = (t: number) => string;

// date-fns's relative time and the words of the panel's language only, loaded once the list shows
const AGO: Record<Locale, () => Promise<Ago>> = {
  'pt-BR': () => Promise.all([import('date-fns/formatDistanceToNow'), import('date-fns/locale/pt-BR')])
    .then(([d, l]) => (t: number) => d.formatDistanceToNow(t, { addSuffix: true, locale: l.ptBR })),
  'en-US': () => Promise.all([import('date-fns/formatDistanceToNow'), import('date-fns/locale/en-US')])
    .then(([d, l]) => (t: number) => d.formatDistanceToNow(t, { addSuffix: true, locale: l.enUS })),
  'es-ES': () => Promise.all([import('date-fns/formatDistanceToNow'), import('date-fns/locale/es')])
    .then(([d, l]) => (t: number) => d.formatDistanceToNow(t, { addSuffix: true, locale: l.es })),
};
const agoIn = new Map<Locale, Ago>();

/** The language's relative time, once loaded (the component re-renders then). */
function useAgo(locale: Locale): Ago | undefined {
  const [, loaded] = useState(0);
  useEffect(() => {
    if (agoIn.has(locale)) return;
    AGO[locale]().then((ago) => {
      agoIn.set(locale, ago);
      loaded((n) => n + 1);
    }, () => undefined);
  }, [locale]);
  return agoIn.get(locale);
}

/** How long ago, in words; the date itself until the language's words have loaded. */
function when(iso: string, ago: Ago | undefined, dateTime: (iso: string) => string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return '';
  return ago ? ago(t) : dateTime(iso);
}

/** What happened on the account lately, newest first (from the dashboard overview). */
export function RecentActivity({ items, loading, limit = 8 }: { items: ActivityItem[] | undefined; loading: boolean; limit?: number }) {
  const dashboardTexts = useTexts(dashboardCatalogue);
  const msg = useTexts(messageCatalogue);
  const ago = useAgo(useLocale());
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
                    {when(a.data, ago, dateTime)}
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
