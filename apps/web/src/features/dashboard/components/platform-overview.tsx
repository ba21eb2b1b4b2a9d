import { Globe } from 'lucide-react';
import { ui } from '@painel/contract';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import type { PlatformUse } from '../api/get-dashboard-overview.ts';

/**
 * The destinations the account can restream to: which the current broadcast sends to, and how
 * many of the recent broadcasts used each.
 */
export function PlatformOverview({ platforms, loading, livePlatformIds }: {
  platforms: PlatformUse[] | undefined;
  loading: boolean;
  livePlatformIds: string[];
}) {
  const list = platforms ?? [];
  const active = list.filter((p) => livePlatformIds.includes(p.id)).length;
  return (
    <SectionCard title={ui.platformOverviewTitle} description={livePlatformIds.length > 0 ? ui.platformsActive(active, list.length) : ui.platformsHint} icon={Globe}>
      {loading ? (
        <LoadingState />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {list.map((p) => {
            const live = livePlatformIds.includes(p.id);
            return (
              <li key={p.id} className={cn('flex items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm', live ? 'border-green-200 bg-green-50' : 'border-gray-100')}>
                <span className="truncate font-medium text-gray-800">{p.nome}</span>
                <span className={cn('shrink-0 text-xs', live ? 'font-semibold text-green-700' : 'text-gray-500')}>
                  {live ? ui.platformLive : ui.platformUses(p.transmissoes)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
