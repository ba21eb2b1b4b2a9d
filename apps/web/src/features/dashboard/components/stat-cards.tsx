import Eye from 'lucide-react/icons/eye';
import FileVideo from 'lucide-react/icons/file-video';
import HardDrive from 'lucide-react/icons/hard-drive';
import List from 'lucide-react/icons/list';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { commonCatalogue } from '@/i18n/common.ts';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { UsageBar } from '@/components/ui/usage-bar.tsx';
import { cn } from '@/lib/cn.ts';
import { formatMegabytes, formatNumber, formatPercent } from '@/lib/format.ts';
import { storagePercent } from './storage-format.ts';

function StatCard({ icon: Icon, label, value, tone, testId, children }: {
  icon: LucideIcon; label: string; value: string; tone: string; testId: string; children?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-gray-500">{label}</p>
          <p className="mt-1 text-2xl font-bold text-gray-900" data-testid={testId}>{value}</p>
        </div>
        <span className={cn('flex h-12 w-12 shrink-0 items-center justify-center rounded-xl', tone)}>
          <Icon className="h-6 w-6" aria-hidden="true" />
        </span>
      </div>
      {children}
    </div>
  );
}

export interface StatCardsProps {
  loading: boolean;
  totalVideos: number;
  totalPlaylists: number;
  viewers: number;
  usedMb: number;
  totalMb: number;
}

/** Total videos, playlists, active viewers, and storage percent with used / total MB. */
export function StatCards({ loading, totalVideos, totalPlaylists, viewers, usedMb, totalMb }: StatCardsProps) {
  const commonTexts = useTexts(commonCatalogue);
  const dashboardTexts = useTexts(dashboardCatalogue);
  const percent = storagePercent(usedMb, totalMb);
  const show = (n: number) => (loading ? '–' : formatNumber(n));
  return (
    <section aria-label={dashboardTexts.statsRegion} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard icon={FileVideo} label={dashboardTexts.statVideos} value={show(totalVideos)} tone="bg-blue-100 text-blue-600" testId="stat-videos" />
      <StatCard icon={List} label={commonTexts.playlists} value={show(totalPlaylists)} tone="bg-violet-100 text-violet-600" testId="stat-playlists" />
      <StatCard icon={Eye} label={dashboardTexts.statViewers} value={show(viewers)} tone="bg-green-100 text-green-600" testId="stat-viewers" />
      <StatCard
        icon={HardDrive}
        label={commonTexts.storage}
        value={loading ? '–' : formatPercent(percent, 1)}
        tone="bg-amber-100 text-amber-600"
        testId="stat-storage"
      >
        <UsageBar percent={percent} label={commonTexts.storage} className="mt-4" />
        <p className="mt-2 text-xs text-gray-500">{commonTexts.ofTotal({ part: formatMegabytes(usedMb), total: formatMegabytes(totalMb) })}</p>
      </StatCard>
    </section>
  );
}
