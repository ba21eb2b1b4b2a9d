import { Link } from 'react-router';
import Eye from 'lucide-react/icons/eye';
import HardDrive from 'lucide-react/icons/hard-drive';
import Radio from 'lucide-react/icons/radio';
import Users from 'lucide-react/icons/users';
import type { LucideIcon } from 'lucide-react';
import type { User } from '@painel/contract';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { UsageBar } from '@/components/ui/usage-bar.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { displayName } from '@/lib/account.ts';
import { cn } from '@/lib/cn.ts';
import { formatBitrate, formatMegabytes, formatNumber } from '@/lib/format.ts';
import { useStreamings } from '@/lib/managed-accounts.ts';

const percentOf = (used: number, total: number) => (total > 0 ? (used / total) * 100 : used > 0 ? 100 : 0);

function PoolCard({ icon: Icon, label, value, tone, testId, percent }: {
  icon: LucideIcon; label: string; value: string; tone: string; testId: string; percent: number;
}) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-gray-500">{label}</p>
          <p className="mt-1 text-2xl font-bold text-gray-900 tabular-nums">{value}</p>
        </div>
        <span className={cn('flex h-12 w-12 shrink-0 items-center justify-center rounded-xl', tone)}>
          <Icon className="h-6 w-6" aria-hidden="true" />
        </span>
      </div>
      <UsageBar percent={percent} label={label} className="mt-4" />
    </div>
  );
}

/**
 * A reseller's home: its pool (streamings used of the plan's, viewers and storage handed out of
 * its total) and its streamings on air now; its own library and channel are empty anyway.
 */
export function ResellerDashboard({ user }: { user: User }) {
  const dashboardTexts = useTexts(dashboardCatalogue);
  const list = useStreamings();
  const pool = list.data?.pool;
  const streamings = list.data?.streamings ?? [];
  const live = streamings.filter((s) => s.ao_vivo).length;
  return (
    <div className="space-y-6">
      <section className="relative overflow-hidden rounded-2xl bg-gradient-to-r from-blue-600 to-violet-600 p-6 text-white shadow-lg sm:p-8">
        <div aria-hidden="true" className="pointer-events-none absolute -top-16 -right-10 h-56 w-56 rounded-full bg-white/10 blur-2xl" />
        <div className="relative flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold sm:text-3xl">{dashboardTexts.greeting({ name: displayName(user) })}</h1>
            <p className="mt-1 text-blue-100">{dashboardTexts.resellerSubtitle}</p>
            {pool && <p className="mt-3 text-sm font-semibold">{dashboardTexts.resellerBitrate({ bitrate: formatBitrate(pool.bitrate) })}</p>}
          </div>
          <Link to="/dashboard/streamings" className="rounded-xl bg-white/15 px-4 py-2 text-sm font-semibold ring-1 ring-white/30 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white">
            {dashboardTexts.resellerManage}
          </Link>
        </div>
      </section>
      {list.isPending ? (
        <LoadingState />
      ) : !pool ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-5 py-4 text-sm text-red-800">
          {errorMessage(list.error, dashboardTexts.resellerLoadError)}
        </p>
      ) : (
        <section aria-label={dashboardTexts.resellerRegion} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="reseller-pool">
          <PoolCard
            icon={Users} label={dashboardTexts.resellerStreamings} tone="bg-blue-100 text-blue-600" testId="reseller-streamings"
            value={dashboardTexts.countOfLimit({ n: formatNumber(pool.streamings), limit: formatNumber(pool.max_streamings) })}
            percent={percentOf(pool.streamings, pool.max_streamings)}
          />
          <PoolCard
            icon={Eye} label={dashboardTexts.resellerViewers} tone="bg-green-100 text-green-600" testId="reseller-viewers"
            value={dashboardTexts.countOfLimit({ n: formatNumber(pool.espectadores_usados), limit: formatNumber(pool.espectadores) })}
            percent={percentOf(pool.espectadores_usados, pool.espectadores)}
          />
          <PoolCard
            icon={HardDrive} label={dashboardTexts.resellerStorage} tone="bg-amber-100 text-amber-600" testId="reseller-storage"
            value={dashboardTexts.countOfLimit({ n: formatMegabytes(pool.espaco_usado), limit: formatMegabytes(pool.espaco) })}
            percent={percentOf(pool.espaco_usado, pool.espaco)}
          />
          <PoolCard
            icon={Radio} label={dashboardTexts.resellerLive} tone="bg-red-100 text-red-600" testId="reseller-live"
            value={dashboardTexts.countOfLimit({ n: formatNumber(live), limit: formatNumber(pool.streamings) })}
            percent={percentOf(live, pool.streamings)}
          />
        </section>
      )}
    </div>
  );
}
