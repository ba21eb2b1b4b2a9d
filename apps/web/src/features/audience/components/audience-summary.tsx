import Clock from 'lucide-react/icons/clock';
import Eye from 'lucide-react/icons/eye';
import Users from 'lucide-react/icons/users';
import type { LucideIcon } from 'lucide-react';
import type { ViewerStats } from '@painel/contract';
import { audienceCatalogue } from '@/i18n/audience.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { cn } from '@/lib/cn.ts';
import { formatNumber, formatTimeSpan } from '@/lib/format.ts';

function Figure({ icon: Icon, label, value, tone, testId }: { icon: LucideIcon; label: string; value: string; tone: string; testId: string }) {
  return (
    <div className="flex flex-col justify-center rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <p className="flex items-center gap-2 text-sm text-gray-500">
        <span className={cn('flex h-8 w-8 shrink-0 items-center justify-center rounded-lg', tone)}>
          <Icon className="h-4 w-4" aria-hidden="true" />
        </span>
        {label}
      </p>
      <p className="mt-3 text-2xl font-bold whitespace-nowrap text-gray-900 tabular-nums" data-testid={testId}>{value}</p>
    </div>
  );
}

/** The period's figures: its sessions, those active now (live and videos) and the mean time watched. */
export function AudienceSummary({ stats }: { stats: ViewerStats | undefined }) {
  const audienceTexts = useTexts(audienceCatalogue);
  const show = (v: string) => (stats ? v : '–');
  return (
    <section aria-label={audienceTexts.summary} className="grid gap-4 sm:grid-cols-3 lg:col-span-3">
      <Figure icon={Users} label={audienceTexts.total} value={show(formatNumber(stats?.total))} tone="bg-blue-100 text-blue-600" testId="audience-total" />
      <Figure icon={Eye} label={audienceTexts.activeNow} value={show(formatNumber(stats?.ativos))} tone="bg-green-100 text-green-600" testId="audience-active" />
      <Figure
        icon={Clock}
        label={audienceTexts.averageTime}
        value={show(formatTimeSpan(stats?.tempoMedio))}
        tone="bg-amber-100 text-amber-600"
        testId="audience-average"
      />
    </section>
  );
}
