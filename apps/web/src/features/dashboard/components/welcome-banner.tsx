import Gauge from 'lucide-react/icons/gauge';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Users from 'lucide-react/icons/users';
import type { User } from '@painel/contract';
import { commonCatalogue } from '@/i18n/common.ts';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { LiveBadge } from '@/components/ui/live-badge.tsx';
import { accountBadgeLabel, displayName, planBitrate, viewerLimit } from '@/lib/account.ts';
import { formatBitrate, formatNumber } from '@/lib/format.ts';

/** Greeting, plan label, plan bitrate and viewer limit, and the AO VIVO badge with its type while live. */
export function WelcomeBanner({ user, liveType }: { user: User | null | undefined; liveType: string | null }) {
  const commonTexts = useTexts(commonCatalogue);
  const dashboardTexts = useTexts(dashboardCatalogue);
  const facts = [
    { icon: ShieldCheck, label: dashboardTexts.planLabel, value: accountBadgeLabel(user) },
    { icon: Gauge, label: commonTexts.bitrateLabel, value: formatBitrate(planBitrate(user)) },
    { icon: Users, label: dashboardTexts.viewerLimitLabel, value: formatNumber(viewerLimit(user)) },
  ];
  return (
    <section className="relative overflow-hidden rounded-2xl bg-gradient-to-r from-blue-600 to-violet-600 p-6 text-white shadow-lg sm:p-8">
      <div aria-hidden="true" className="pointer-events-none absolute -top-16 -right-10 h-56 w-56 rounded-full bg-white/10 blur-2xl" />
      <div className="relative flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{dashboardTexts.greeting({ name: displayName(user) })}</h1>
          <p className="mt-1 text-blue-100">{dashboardTexts.subtitle}</p>
        </div>
        {liveType !== null && <LiveBadge type={liveType} className="text-sm" testId="dashboard-live-badge" />}
      </div>
      <dl className="relative mt-6 flex flex-wrap gap-3">
        {facts.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex items-center gap-2 rounded-xl bg-white/15 px-4 py-2 ring-1 ring-white/20">
            <Icon className="h-4 w-4 text-blue-100" aria-hidden="true" />
            <dt className="text-sm text-blue-100">{label}:</dt>
            <dd className="text-sm font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
