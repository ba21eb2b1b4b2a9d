import { Link } from 'react-router';
import FileVideo from 'lucide-react/icons/file-video';
import Play from 'lucide-react/icons/play';
import Radio from 'lucide-react/icons/radio';
import Square from 'lucide-react/icons/square';
import Users from 'lucide-react/icons/users';
import Wifi from 'lucide-react/icons/wifi';
import type { LucideIcon } from 'lucide-react';
import { commonCatalogue } from '@/i18n/common.ts';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';

const tile =
  'flex items-center gap-3 rounded-xl border p-4 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500';

function ActionLink({ to, icon: Icon, label, hint, tone }: { to: string; icon: LucideIcon; label: string; hint: string; tone: string }) {
  return (
    <Link to={to} className={cn(tile, 'border-gray-200 bg-white hover:border-blue-300 hover:bg-blue-50')}>
      <span className={cn('flex h-10 w-10 shrink-0 items-center justify-center rounded-lg', tone)}>
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span className="block font-medium text-gray-900">{label}</span>
        <span className="block text-xs text-gray-500">{hint}</span>
      </span>
    </Link>
  );
}

/** Finish broadcast (only while live), manage and start a broadcast, manage videos, see viewers. */
export function QuickActions({ live, stopping, onStop }: { live: boolean; stopping: boolean; onStop: () => void }) {
  const commonTexts = useTexts(commonCatalogue);
  const dashboardTexts = useTexts(dashboardCatalogue);
  return (
    <SectionCard title={dashboardTexts.quickActionsTitle} icon={Play}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {live && (
          <button
            type="button"
            onClick={onStop}
            disabled={stopping}
            className={cn(tile, 'border-red-200 bg-red-50 hover:bg-red-100 disabled:opacity-70 sm:col-span-2 lg:col-span-1')}
          >
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-red-600 text-white">
              {stopping ? <Spinner /> : <Square className="h-5 w-5 fill-current" aria-hidden="true" />}
            </span>
            <span className="min-w-0">
              <span className="block font-medium text-red-700">{commonTexts.finishBroadcast}</span>
              <span className="block text-xs text-red-700">{dashboardTexts.finishBroadcastHint}</span>
            </span>
          </button>
        )}
        <ActionLink to="/dashboard/iniciar-transmissao" icon={Radio} label={dashboardTexts.manageBroadcast} hint={dashboardTexts.manageBroadcastHint} tone="bg-red-100 text-red-600" />
        {!live && (
          <ActionLink to="/dashboard/iniciar-transmissao" icon={Wifi} label={commonTexts.startBroadcast} hint={dashboardTexts.startBroadcastHint} tone="bg-green-100 text-green-600" />
        )}
        <ActionLink to="/dashboard/gerenciarvideos" icon={FileVideo} label={commonTexts.manageVideos} hint={dashboardTexts.manageVideosHint} tone="bg-blue-100 text-blue-600" />
        <ActionLink to="/dashboard/espectadores" icon={Users} label={dashboardTexts.seeViewers} hint={dashboardTexts.seeViewersHint} tone="bg-violet-100 text-violet-600" />
      </div>
    </SectionCard>
  );
}
