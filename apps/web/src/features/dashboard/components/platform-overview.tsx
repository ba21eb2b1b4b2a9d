import Globe from 'lucide-react/icons/globe';
import { commonCatalogue } from '@/i18n/common.ts';
import { dashboardCatalogue } from '@/i18n/dashboard.ts';
import { useTexts } from '@/i18n/runtime.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/cn.ts';
import type { PlatformUse } from '../api/get-dashboard-overview.ts';

const TONE = { connected: 'font-semibold text-green-700', connecting: 'text-amber-700', error: 'text-red-700', disconnected: '' } as const;

/**
 * The destinations the panel knows, and what each really receives now: the observed state of
 * the account's restreams (lives, and the platforms of the current broadcast).
 */
export function PlatformOverview({ platforms, loading }: { platforms: PlatformUse[] | undefined; loading: boolean }) {
  const commonTexts = useTexts(commonCatalogue);
  const dashboardTexts = useTexts(dashboardCatalogue);
  const LABEL: Record<PlatformUse['estado'], string> = {
    connected: dashboardTexts.platformConnected, connecting: dashboardTexts.platformConnecting, error: commonTexts.statusError, disconnected: '',
  };
  const list = platforms ?? [];
  const receiving = list.filter((p) => p.estado === 'connected').length;
  return (
    <SectionCard title={dashboardTexts.platformOverviewTitle} description={receiving > 0 ? dashboardTexts.platformsReceiving({ n: receiving }) : dashboardTexts.platformsHint} icon={Globe}>
      {loading ? (
        <LoadingState />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" data-testid="platform-overview">
          {list.map((p) => (
            <li
              key={p.id}
              className={cn('flex items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm', p.estado === 'connected' ? 'border-green-200 bg-green-50' : 'border-gray-100')}
            >
              <span className="truncate font-medium text-gray-800">{p.id === 'custom' ? commonTexts.customPlatform : p.nome}</span>
              {LABEL[p.estado] && <span className={cn('shrink-0 text-xs', TONE[p.estado])}>{LABEL[p.estado]}</span>}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
